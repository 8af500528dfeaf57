// Slow clients cannot starve `vpsops serve`: with its descriptor limit lowered to 600, the test holds
// 700 idle connections open (they never send a byte); /healthz and a signed Slack command are still
// answered, because connections over the cap are closed at once and idle ones time out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { freePort } from '../support/free-port.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';

const SECRET = 'e2e-signing-secret';
const USER = 'U0OPERATOR';
const IDLE_SOCKETS = 700;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-slow-clients-'));
let sim: SimulatorHandle;
let slack: FakeSlack;
let serving: ServeReplica | undefined;
let capped: ServeReplica | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${USER}]\n  viewer: ["*"]\n`);
  sim = await startSimulator();
  slack = await new FakeSlack().start();
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await serving?.stop();
  await capped?.stop();
  await slack.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A Slack HTTP serve against the simulator. */
const slackServeEnv = () => ({
  VPSOPS_POLICY: join(dir, 'policy.yaml'),
  HOSTING_API_URL: sim.url,
  HOSTING_API_KEY: sim.apiKey,
  SLACK_BOT_TOKEN: slack.botToken,
  SLACK_SIGNING_SECRET: SECRET,
  SLACK_API_URL: slack.apiUrl,
  LOG_LEVEL: 'info',
});

/** GET /healthz (or `path`) on a fresh connection; rejects when the connection is refused or reset. */
function health(port: number, path = '/healthz'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(5_000, () => req.destroy(new Error('no answer')));
    req.on('error', reject);
    req.end();
  });
}

/** Retries `probe` until it resolves; gives up after 60 s with its last error. */
async function untilAnswered<T>(probe: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('vpsops serve under idle connections', { timeout: 180_000 }, () => {
  it('keeps answering /healthz and signed commands with more idle sockets than descriptors', async () => {
    const replica = (serving = await startServeReplica('slow', dir, slackServeEnv(), { fdLimit: 600 }));
    const { port } = replica;
    for (let i = 0; i < IDLE_SOCKETS; i += 1) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map((s) => new Promise((resolve) => s.once('connect', resolve).once('close', resolve))),
    );

    expect(await untilAnswered(() => health(port))).toBe(200);
    const responseUrl = slack.newResponseUrl();
    const form = slashCommandForm({ text: 'help', userId: USER, channelId: 'C0OPS', responseUrl });
    const posted = await untilAnswered(() =>
      postSigned(`http://127.0.0.1:${port}/slack/events`, form, { secret: SECRET }),
    );
    expect(posted.status).toBe(200);
    await waitFor(() => slack.responsesTo(responseUrl).length > 0, 'the answer to the command', 30_000);
    expect(replica.child.exitCode).toBeNull();
  });

  it('answers probes at the first try under 1,000 idle slow clients, on PORT and on the admin port', async () => {
    const adminPort = await freePort();
    const replica = (capped = await startServeReplica(
      'capped',
      dir,
      { ...slackServeEnv(), VPSOPS_ADMIN_PORT: String(adminPort) },
      { fdLimit: 700 },
    ));
    const slow: Socket[] = [];
    try {
      // Half never send a byte, half a partial header (a slowloris).
      for (let i = 0; i < 1_000; i += 1) {
        const socket = connect(replica.port, '127.0.0.1', () => {
          if (i % 2 === 0) socket.write('POST /slack/events HTTP/1.1\r\nHost: x\r\n');
        });
        socket.on('error', () => undefined);
        slow.push(socket);
      }
      await Promise.all(
        slow.map((s) => new Promise((resolve) => s.once('connect', resolve).once('close', resolve))),
      );
      // No retry: the idle ones are shed for the probe, long before any timeout.
      expect(await health(replica.port)).toBe(200);
      expect(await health(adminPort)).toBe(200);
      expect(await health(adminPort, '/readyz')).toBe(200);
      expect(replica.child.exitCode).toBeNull();
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });
});

// `vpsops serve` in Slack HTTP mode: one server on PORT answers the signed Slack requests at
// /slack/events and /healthz, /readyz and /metrics beside them; after real commands the counters,
// the API histogram and the gauges say what happened, with no user text in any label.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';

const SECRET = 'e2e-signing-secret';
const USER = 'U0OPERATOR';
const CHANNEL = 'C0OPS';
const WEB1 = SEED_IDS.instances.web1;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-serve-obs-'));
let sim: SimulatorHandle;
let slack: FakeSlack;

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${USER}]\n  viewer: ["*"]\n`);
  sim = await startSimulator();
  slack = await new FakeSlack().start();
});

/** The serve child, so afterAll reaps it (SIGTERM, then SIGKILL) when the test failed before it exited. */
let serving: ServeReplica | undefined;

afterAll(async () => {
  await serving?.stop();
  await slack.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

/** A 127.0.0.1 port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Scrapes /metrics until `done` holds; the error shows the last vpsops_ lines. */
async function scrapeUntil(base: string, done: (body: string) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const scraped = await get(`${base}/metrics`);
    if (done(scraped.body)) return scraped;
    if (Date.now() > deadline) {
      const ours = scraped.body.split('\n').filter((line) => line.startsWith('vpsops_'));
      throw new Error(`timed out waiting for ${what}; last scrape:\n${ours.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('vpsops serve observability', { timeout: 90_000 }, () => {
  it('serves Slack events, /healthz, /readyz and /metrics on PORT', async () => {
    const replica = (serving = await startServeReplica('obs', dir, {
      VPSOPS_DATA_DIR: join(dir, 'data'),
      VPSOPS_POLICY: join(dir, 'policy.yaml'),
      HOSTING_API_URL: sim.url,
      HOSTING_API_KEY: sim.apiKey,
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      LOG_LEVEL: 'info',
    }));
    const { port } = replica;
    const stderr = replica.stderr;
    const base = `http://127.0.0.1:${port}`;
    try {
      expect(stderr()).toContain(`"port":${port}`);
      expect(await get(`${base}/healthz`)).toMatchObject({ status: 200, body: 'ok\n' });
      expect(await get(`${base}/readyz`)).toMatchObject({ status: 200, body: 'ready\n' });
      expect(await get(`${base}/healthz?verbose`)).toMatchObject({
        status: 200,
        body: 'ok\nhosting API: up\n',
      });

      const slash = (text: string) => {
        const responseUrl = slack.newResponseUrl();
        const form = slashCommandForm({ text, userId: USER, channelId: CHANNEL, responseUrl });
        return postSigned(`${base}/slack/events`, form, { secret: SECRET });
      };
      expect((await slash(`instance show ${WEB1}`)).status).toBe(200);
      const shown = 'vpsops_commands_total{command="instance show",platform="slack",outcome="ok"} 1';
      let last = await scrapeUntil(base, (body) => body.includes(shown), 'the show to be counted');
      expect(last.status).toBe(200);
      expect(last.type).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(last.body).toMatch(
        /vpsops_api_request_duration_seconds_count\{endpoint="instance\.detail",status="200"\} [1-9]/,
      );
      expect(last.body).toContain('vpsops_pending_confirmations 0');
      expect(last.body).toContain('vpsops_tracked_operations 0');
      expect(last.body).toMatch(/^vpsops_hosting_api_up 1$/m);
      expect(last.body).toContain('process_resident_memory_bytes');

      // A destructive command leaves a confirmation pending; a mistyped one counts as "unknown".
      expect((await slash(`instance stop ${WEB1}`)).status).toBe(200);
      expect((await slash('instance stpo <@U123> web-9.example.com')).status).toBe(200);
      const stopped = 'vpsops_commands_total{command="instance stop",platform="slack",outcome="pending"} 1';
      last = await scrapeUntil(
        base,
        (body) =>
          body.includes('vpsops_pending_confirmations 1') &&
          body.includes(stopped) &&
          body.includes('vpsops_commands_total{command="unknown",platform="slack",outcome="invalid"} 1'),
        'the pending stop and the unknown command',
      );
      expect(last.body).not.toMatch(/stpo|U123|web-9/);
      expect(sim.countRequests('instance.stop')).toBe(0);

      // Unsigned requests are still refused by Bolt on the shared server.
      const forged = await postSigned(`${base}/slack/events`, 'text=x', { secret: 'wrong' });
      expect(forged.status).toBe(401);
      expect((await get(`${base}/nope`)).status).toBe(404);
    } finally {
      replica.child.kill('SIGTERM');
    }
    expect(await replica.exit).toBe(0);
    expect(stderr()).not.toContain(slack.botToken);
    expect(stderr()).not.toContain(SECRET);
  });

  it('stays ready while the hosting API is down, and says so in /healthz?verbose and vpsops_hosting_api_up', async () => {
    const down = await closedPort();
    const replica = await startServeReplica('api-down', dir, {
      VPSOPS_POLICY: join(dir, 'policy.yaml'),
      HOSTING_API_URL: `http://127.0.0.1:${down}/v1`,
      HOSTING_API_KEY: 'k-never-printed-0451',
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      LOG_LEVEL: 'info',
    });
    const base = `http://127.0.0.1:${replica.port}`;
    try {
      expect(await get(`${base}/readyz`)).toMatchObject({ status: 200, body: 'ready\n' });
      const verbose = await get(`${base}/healthz?verbose`);
      expect(verbose).toMatchObject({ status: 200, body: 'ok\nhosting API: down (NETWORK)\n' });
      expect((await get(`${base}/metrics`)).body).toMatch(/^vpsops_hosting_api_up 0$/m);
    } finally {
      await replica.stop();
    }
    expect(replica.stderr()).not.toContain('k-never-printed-0451');
  });
});

// `vpsops serve` with VPSOPS_ADMIN_PORT: /healthz, /readyz and /metrics answer on the admin port,
// and the public PORT keeps only /healthz beside the chat platform's routes (Slack's /slack/events).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';

import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { freePort } from '../support/free-port.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';

const SECRET = 'admin-port-signing-secret';
const USER = 'U0OPERATOR';
const CHANNEL = 'C0OPS';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-admin-port-'));
let sim: SimulatorHandle;
let slack: FakeSlack;
let replica: ServeReplica | undefined;

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${USER}]\n  viewer: ["*"]\n`);
  sim = await startSimulator();
  slack = await new FakeSlack().start();
});

afterAll(async () => {
  await replica?.stop();
  await slack.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
};

describe('vpsops serve with VPSOPS_ADMIN_PORT', { timeout: 90_000 }, () => {
  it('serves the platform endpoints on the admin port and only /healthz and the chat routes on PORT', async () => {
    const adminPort = await freePort();
    replica = await startServeReplica('admin', dir, {
      VPSOPS_POLICY: join(dir, 'policy.yaml'),
      VPSOPS_ADMIN_PORT: String(adminPort),
      HOSTING_API_URL: sim.url,
      HOSTING_API_KEY: sim.apiKey,
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      LOG_LEVEL: 'info',
    });
    const publicBase = `http://127.0.0.1:${replica.port}`;
    const adminBase = `http://127.0.0.1:${adminPort}`;
    expect(replica.stderr()).toContain(`"adminPort":${adminPort}`);

    expect(await get(`${adminBase}/healthz`)).toEqual({ status: 200, body: 'ok\n' });
    expect(await get(`${adminBase}/readyz`)).toEqual({ status: 200, body: 'ready\n' });
    expect(await get(`${publicBase}/healthz`)).toEqual({ status: 200, body: 'ok\n' });
    expect((await get(`${publicBase}/metrics`)).status).toBe(404);
    expect((await get(`${publicBase}/readyz`)).status).toBe(404);
    expect((await get(`${adminBase}/slack/events`)).status).toBe(404);

    // The chat platform still reaches the bot on PORT, and the admin port counts what it did.
    const form = slashCommandForm({
      text: `instance show ${SEED_IDS.instances.web1}`,
      userId: USER,
      channelId: CHANNEL,
      responseUrl: slack.newResponseUrl(),
    });
    expect((await postSigned(`${publicBase}/slack/events`, form, { secret: SECRET })).status).toBe(200);
    const counted = 'vpsops_commands_total{command="instance show",platform="slack",outcome="ok"} 1';
    await waitFor(
      async () => (await get(`${adminBase}/metrics`)).body.includes(counted),
      'the show counted on the admin port',
      20_000,
    );

    await replica.stop();
    expect(await replica.exit).toBe(0);
  });
});

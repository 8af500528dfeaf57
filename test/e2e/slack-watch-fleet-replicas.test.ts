// Issue 25 across two `vpsops serve` replicas on one Redis, driven through the real Slack adapter:
// `watch --location Jakarta` watches every Jakarta server once, a server going wrong is alerted
// once (not once per replica), and the balance watch posts exactly one alert for a drop, then a
// recovery notice. The simulator runs in the test process so the test can change its state.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { stopAll } from '../support/cleanup.js';
import { FakeSlack, type StoredMessage } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';

const SECRET = 'fleet-replicas-signing-secret';
const OPERATOR = 'U025OPS';
const CHANNEL = 'C025FLEET';
const { web2: WEB2 } = SEED_IDS.instances;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-fleet-replicas-'));
let sim: SimulatorHandle;
let slack: FakeSlack;
let redis: TestRedisServer;
const replicas: ServeReplica[] = [];

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`);
  redis = await startRedisServer();
  sim = await startSimulator();
  slack = await new FakeSlack().start();
});

afterAll(async () => {
  await stopAll(
    ...replicas.map((r) => () => r.stop()),
    () => slack?.close(),
    () => sim?.close(),
    () => redis?.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
});

const replica = async (name: string): Promise<ServeReplica> => {
  const started = await startServeReplica(name, dir, {
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: sim.url,
    HOSTING_API_KEY: sim.apiKey,
    REDIS_URL: redis.url,
    VPSOPS_REDIS_PREFIX: 'fleet-e2e:',
    VPSOPS_LEASE_TTL_SECONDS: '2',
    VPSOPS_WATCH_INTERVAL_SECONDS: '1',
    VPSOPS_INSTANCE_LIST_TTL_SECONDS: '1',
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    LOG_LEVEL: 'info',
  });
  replicas.push(started);
  return started;
};

/**
 * Types `/vps <text>` on a replica and resolves with its answer, the first reply (in the channel or
 * to the response_url) matching `answer`.
 */
async function ask(to: ServeReplica, text: string, answer: RegExp): Promise<string> {
  const before = new Set(slack.channelMessages(CHANNEL).map((m) => m.ts));
  const responseUrl = slack.newResponseUrl();
  const form = slashCommandForm({ text, userId: OPERATOR, channelId: CHANNEL, responseUrl });
  const sent = await postSigned(`http://127.0.0.1:${to.port}/slack/events`, form, { secret: SECRET });
  expect(sent.status).toBe(200);
  return waitFor(
    () =>
      [
        ...slack
          .channelMessages(CHANNEL)
          .filter((m) => !before.has(m.ts))
          .map((m) => `${m.text}\n${JSON.stringify(m.blocks)}`),
        ...slack.responsesTo(responseUrl).map((p) => JSON.stringify(p.body)),
      ].find((reply) => answer.test(reply)),
    `an answer to "${text}" matching ${answer}`,
    30_000,
  );
}

/** Messages the bot posted on its own in the channel (alerts, notices) whose content matches. */
const posted = (pattern: RegExp): StoredMessage[] =>
  slack.channelMessages(CHANNEL).filter((m) => pattern.test(`${m.text} ${JSON.stringify(m.blocks)}`));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fleet and balance watches over two serve replicas on one Redis', { timeout: 240_000 }, () => {
  it('watches each Jakarta server once, alerts once for a change, and alerts once for a balance drop then recovers', async () => {
    sim.state.setBalance(900_000_000);
    const [a, b] = await Promise.all([replica('a'), replica('b')]);

    await ask(a, 'watch --location Jakarta', /Watching location Jakarta \(3 servers\)/);
    await ask(b, 'watch billing --below 5000000', /Watching the prepaid balance/);
    const list = await waitFor(
      async () => {
        const text = await ask(b, 'watches', /Watches in this channel/);
        return (text.match(/OK \(Running\)/g) ?? []).length === 3 && /Prepaid balance/.test(text)
          ? text
          : undefined;
      },
      'every watch polled',
      60_000,
    );
    for (const host of ['web-1', 'web-2', 'db-1']) expect(list.split(host).length - 1).toBe(1);
    expect(list).not.toMatch(/cache-1|worker-1/);

    // A server's change and a balance drop at once (the two alerts share the pauses below).
    sim.state.setStatus(WEB2, 'Error');
    sim.state.setBalance(1_000);
    await waitFor(() => posted(/web-2: needs attention/).length > 0, 'the web-2 alert', 60_000);
    await waitFor(() => posted(/Prepaid balance: running low/).length > 0, 'the balance alert', 60_000);
    // Several poll intervals on both replicas: still the one card each (edited, never posted again).
    await pause(4_000);
    expect(posted(/web-2: needs attention/)).toHaveLength(1);
    expect(posted(/Prepaid balance: running low/)).toHaveLength(1);
    sim.state.setStatus(WEB2, 'Running');
    sim.state.setBalance(900_000_000);
    await waitFor(
      () => posted(/Prepaid balance recovered/).length > 0,
      'the balance recovery notice',
      60_000,
    );
    await pause(3_000);
    expect(posted(/Prepaid balance recovered/)).toHaveLength(1);
    // The one alert card, edited to its resolved state; no second card.
    expect(posted(/Prepaid balance: (running low|recovered)/)).toHaveLength(1);
    expect(posted(/Prepaid balance: recovered/)).toHaveLength(1);
  });
});

// Two `vpsops serve` replicas on one Redis, as a team runs them behind a load balancer: a preview
// made on one is confirmed on the other, Confirm clicked on both at once runs the action exactly
// once, and when the replica following an operation is killed the other one finishes its card.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAll } from '../support/cleanup.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { FakeSlack, type StoredMessage } from '../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  slashCommandForm,
  viewSubmissionPayload,
} from '../support/fake-slack-requests.js';
import { startRedisServer, type TestRedisServer as RedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');
const SECRET = 'replica-signing-secret';
const OPERATOR = 'U034OPS';
const CHANNEL = 'C0INCIDENT';
const { web1, web2, cache1 } = SEED_IDS.instances;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-replicas-'));
let sim: SimulatorHandle;
let slack: FakeSlack;
let redis: RedisServer;
const children: ChildProcess[] = [];

interface Replica {
  child: ChildProcess;
  port: number;
  events: string;
  stderr(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function replica(name: string): Promise<Replica> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    // Each replica has its own data dir (logs); the shared state is Redis.
    VPSOPS_DATA_DIR: join(dir, name),
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: sim.url,
    HOSTING_API_KEY: sim.apiKey,
    REDIS_URL: redis.url,
    VPSOPS_REDIS_PREFIX: 'replicas-e2e:',
    VPSOPS_LEASE_TTL_SECONDS: '2',
    VPSOPS_TRACK_POLL_MIN_MS: '300',
    VPSOPS_TRACK_POLL_MAX_MS: '300',
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, [BIN, 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await waitFor(() => /vpsops serving/.test(stderr), `replica ${name} to serve`, 30_000);
  return { child, port, events: `http://127.0.0.1:${port}/slack/events`, stderr: () => stderr };
}

/**
 * The two replicas both cases run on, started together once (a replica's start is the slow part of
 * this file); stopped in afterAll, or killed by the case that kills one.
 */
let pair: Promise<[Replica, Replica]> | undefined;
const replicas = () => (pair ??= Promise.all([replica('a'), replica('b')]));

const slash = (to: Replica, text: string) =>
  postSigned(
    to.events,
    slashCommandForm({ text, userId: OPERATOR, channelId: CHANNEL, responseUrl: slack.newResponseUrl() }),
    { secret: SECRET },
  );

const click = (to: Replica, card: StoredMessage, actionId: string) =>
  postSigned(
    to.events,
    interactionForm(
      buttonClickPayload({
        actionId,
        value: tokenOf(card, actionId),
        userId: OPERATOR,
        channelId: CHANNEL,
        messageTs: card.ts,
        responseUrl: slack.newResponseUrl(),
      }),
    ),
    { secret: SECRET },
  );

function buttons(card: StoredMessage): { action_id: string; value: string }[] {
  return (card.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap((block) =>
    (block.elements ?? []).flatMap((e) =>
      e.action_id ? [{ action_id: e.action_id, value: e.value ?? '' }] : [],
    ),
  );
}

function tokenOf(card: StoredMessage, actionId: string): string {
  return buttons(card).find((b) => b.action_id === actionId)?.value ?? '';
}

/** Sends a slash command and returns the card posted in answer to it (a card posted after it was sent). */
async function previewFrom(
  to: Replica,
  text: string,
  hostname: string,
  actionId: string,
): Promise<StoredMessage> {
  const before = new Set(slack.messages.keys());
  expect((await slash(to, text)).status).toBe(200);
  return waitFor(
    () =>
      [...slack.messages.values()].find(
        (m) =>
          !before.has(m.ts) &&
          m.channel === CHANNEL &&
          tokenOf(m, actionId) &&
          JSON.stringify(m.blocks).includes(hostname),
      ),
    `the ${hostname} preview card`,
    15_000,
  );
}

function setRunning(uuid: string): void {
  const instance = sim.state.live.instances.get(uuid);
  if (!instance) throw new Error(`no seeded instance ${uuid}`);
  instance.status = 'Running';
}

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`);
  redis = await startRedisServer();
  sim = await startSimulator({ timing: { stopMs: 0, terminateMs: 6_000 } });
  slack = await new FakeSlack().start();
});

afterAll(async () => {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(
    running.map((child) =>
      waitFor(() => child.exitCode !== null || child.signalCode !== null, 'a replica to stop', 15_000).catch(
        () => child.kill('SIGKILL'),
      ),
    ),
  );
  // Redis (a child process) stops even when the fake Slack's close reports findings.
  await stopAll(
    () => slack?.close(),
    () => sim?.close(),
    () => redis?.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
});

describe('two serve replicas on one Redis', { timeout: 180_000 }, () => {
  it('confirms on one replica a preview made on the other, and runs each confirmation exactly once', async () => {
    const [a, b] = await replicas();
    const card = await previewFrom(a, `instance stop ${web1}`, 'web-1', 'vps_confirm');
    expect((await click(b, card, 'vps_confirm')).status).toBe(200);
    await waitFor(() => sim.countRequests('instance.stop') === 1, 'the stop', 15_000);
    await waitFor(() => buttons(slack.messages.get(card.ts)!).length === 0, 'the confirmed card', 15_000);
    // One destructive operation per server: the next stop of web-1 waits until this one is followed to its end.
    // On a timeout, the replicas' logs say what each one did.
    const withLogs = <T>(waiting: Promise<T>) =>
      waiting.catch((error: Error) => {
        throw new Error(
          `${error.message}\n--- replica a ---\n${a.stderr()}\n--- replica b ---\n${b.stderr()}`,
        );
      });
    const followedToItsEnd = (stopped: StoredMessage, what: string) =>
      withLogs(
        waitFor(
          () => JSON.stringify(slack.messages.get(stopped.ts)).includes('Stopped — done'),
          what,
          15_000,
        ),
      );
    await followedToItsEnd(card, 'the first stop to be followed to its end');

    // Confirm clicked on both replicas at once, several times over: one API call each time.
    for (const [round, uuid, host] of [
      [1, web1, 'web-1'],
      [2, cache1, 'cache-1'],
      [3, web1, 'web-1'],
    ] as const) {
      setRunning(uuid);
      const next = await previewFrom(round % 2 ? b : a, `instance stop ${uuid}`, host, 'vps_confirm');
      const answers = await Promise.all([
        click(a, next, 'vps_confirm'),
        click(b, next, 'vps_confirm'),
        click(a, next, 'vps_confirm'),
        click(b, next, 'vps_confirm'),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      await withLogs(
        waitFor(() => sim.countRequests('instance.stop') === round + 1, `stop #${round + 1}`, 15_000),
      );
      await followedToItsEnd(next, `stop #${round + 1} to be followed to its end`);
    }
    // Give stray duplicate executions time to show up before counting for the last time.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sim.countRequests('instance.stop')).toBe(4);
  });

  it('finishes a followed delete on the surviving replica when the follower is killed', async () => {
    const [a, b] = await replicas();
    const card = await previewFrom(a, `instance delete ${web2}`, 'web-2', 'vps_confirm_typed');
    // The typed-name modal opens on A; its submission reaches B (the bot learned the name from the preview).
    await click(a, card, 'vps_confirm_typed');
    const view = await waitFor(
      () => slack.callsTo('views.open').at(-1)?.args.view as Record<string, unknown>,
      'the modal',
      10_000,
    );
    const input = (view.blocks as { block_id: string; element: { action_id: string } }[]).find(
      (blk) => blk.element,
    );
    const answer = await postSigned(
      b.events,
      interactionForm(
        viewSubmissionPayload({
          userId: OPERATOR,
          callbackId: String(view.callback_id),
          privateMetadata: String(view.private_metadata),
          blockId: input?.block_id ?? '',
          actionId: input?.element.action_id ?? '',
          typed: 'web-2',
        }),
      ),
      { secret: SECRET },
    );
    expect(answer.status).toBe(200);
    await waitFor(() => sim.countRequests('instance.delete') === 1, 'the delete', 15_000);
    // B confirmed, so B follows the operation: kill it without a chance to clean up.
    await waitFor(
      () => /terminating/.test(JSON.stringify(slack.messages.get(card.ts)?.blocks)),
      'progress',
      15_000,
    );
    const follower = b;
    const survivor = a;
    follower.child.kill('SIGKILL');

    await waitFor(
      () => /web-2 deleted/.test(JSON.stringify(slack.messages.get(card.ts)?.blocks)),
      'the surviving replica to finish the card',
      30_000,
    );
    expect(survivor.child.exitCode).toBeNull();
  });
});

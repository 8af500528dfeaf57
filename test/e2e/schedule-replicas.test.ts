// Actions at a time across replicas (issue 40): two `vpsops serve` replicas on one Redis, the
// hosting API a `vpsops simulator` process, Slack faked. A stop scheduled and confirmed from Slack
// runs exactly once at its time although the replica running schedules is killed just before it
// (the other adopts the runner lease; the claim keeps it to one run), and its result is posted in
// the channel. A schedule whose time passed while no replica was up is reported missed, not run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/core/command.js';
import { scheduleBook } from '../../src/core/schedule/schedule-book.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { childReaper, stopAll } from '../support/cleanup.js';
import { FakeSlack, type StoredMessage } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { clickConfirm, confirmToken } from '../support/slack-confirm.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { startSimulatorProcess } from '../support/simulator-process.js';
import { waitFor } from '../support/wait-for.js';
import { SCRIPTED_ENV } from '../support/scripted-env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');

const SECRET = 'schedule-signing-secret';
const API_KEY = 'schedule-sim-key';
const OPERATOR = 'U034OPS';
const CHANNEL = 'C0MAINT';
const PREFIX = 'sched-e2e:';
const { web1, web2, cache1 } = SEED_IDS.instances;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-schedule-'));
const children = childReaper();
const replicas: ServeReplica[] = [];
let slack: FakeSlack;
let redis: TestRedisServer;
let apiUrl = '';

beforeAll(async () => {
  writeFileSync(
    join(dir, 'policy.yaml'),
    `roles:\n  admin: ["console:alice"]\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`,
  );
  redis = await startRedisServer();
  apiUrl = await startSimulatorProcess(children, API_KEY, []);
  slack = await new FakeSlack().start();
  // Slack tells the operator's zone (users.info `tz`): their times are read and shown in it.
  slack.userZones.set(OPERATOR, 'Asia/Jakarta');
});

afterAll(() =>
  stopAll(
    () => Promise.all(replicas.map((r) => r.stop())),
    () => children.reap(),
    () => slack?.close(),
    () => redis?.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

async function serve(name: string): Promise<ServeReplica & { events: string }> {
  const replica = await startServeReplica(name, dir, {
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: apiUrl,
    HOSTING_API_KEY: API_KEY,
    REDIS_URL: redis.url,
    VPSOPS_REDIS_PREFIX: PREFIX,
    VPSOPS_LEASE_TTL_SECONDS: '2',
    VPSOPS_TRACK_POLL_MIN_MS: '300',
    VPSOPS_TRACK_POLL_MAX_MS: '300',
    // Long enough for B to adopt the runner lease however loaded the machine (the missed one is a minute late).
    VPSOPS_SCHEDULE_GRACE_MINUTES: '0.5',
    VPSOPS_TIMEZONE: 'UTC',
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    LOG_LEVEL: 'info',
  });
  replicas.push(replica);
  return { ...replica, events: `http://127.0.0.1:${replica.port}/slack/events` };
}

const text = (m: StoredMessage | undefined) => JSON.stringify(m ?? {});
/** `schedule at <ISO> instance stop <uuid>` sent to `to`, confirmed on `confirmOn`; resolves with the scheduled card. */
async function scheduleStop(
  to: { events: string },
  confirmOn: { events: string },
  uuid: string,
  runAt: number,
) {
  const iso = new Date(runAt).toISOString().slice(0, 19) + 'Z';
  const before = new Set(slack.messages.keys());
  const form = slashCommandForm({
    text: `schedule at ${iso} instance stop ${uuid}`,
    userId: OPERATOR,
    channelId: CHANNEL,
    responseUrl: slack.newResponseUrl(),
  });
  expect((await postSigned(to.events, form, { secret: SECRET })).status).toBe(200);
  const card = await waitFor(
    () =>
      [...slack.messages.values()].find((m) => !before.has(m.ts) && m.channel === CHANNEL && confirmToken(m)),
    'the schedule’s preview card',
    20_000,
  );
  expect(text(card)).toContain('Not now: this runs at');
  expect(text(card)).toContain('Asia/Jakarta (UTC+07:00)');
  await clickConfirm(slack, confirmOn.events, card, { userId: OPERATOR, channelId: CHANNEL, secret: SECRET });
  await waitFor(
    () => text(slack.messages.get(card.ts)).includes('Scheduled: instance stop'),
    'the scheduled card',
    20_000,
  );
  return card;
}

/**
 * Moves the channel's pending schedule of `uuid` to `runAt` through the schedule book: its time is
 * set, not waited for (scheduled an hour ahead, so no lead time races the confirmation).
 */
async function moveSchedule(uuid: string, runAt: number): Promise<void> {
  const store = await openRedisStore({ url: redis.url, prefix: PREFIX });
  try {
    const book = scheduleBook(store);
    const found = (await book.list()).find((s) => s.channelId === CHANNEL && s.targets.includes(uuid));
    expect(found).toBeDefined();
    await book.put(found!.id, { ...found!, runAt });
  } finally {
    await store.close();
  }
}

async function auditOf(command: string): Promise<AuditRecord[]> {
  const raw = new Redis(redis.url);
  try {
    const entries = await raw.xrange(`${PREFIX}audit`, '-', '+');
    return entries
      .map(([, fields]) => JSON.parse(fields[1] ?? '{}') as AuditRecord)
      .filter((r) => r.command === command);
  } finally {
    raw.disconnect();
  }
}

/** `vpsops exec <args>` on the replicas' Redis, as console user alice (an admin). */
function exec(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = children.track(
    spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: {
        ...SCRIPTED_ENV,
        PATH: process.env.PATH ?? '',
        HOME: dir,
        VPSOPS_DATA_DIR: join(dir, 'exec'),
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        VPSOPS_CONSOLE_USER: 'alice',
        HOSTING_API_URL: apiUrl,
        HOSTING_API_KEY: API_KEY,
        REDIS_URL: redis.url,
        VPSOPS_REDIS_PREFIX: PREFIX,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const posted = (needle: string) => slack.channelMessages(CHANNEL).filter((m) => text(m).includes(needle));

describe('schedules on two serve replicas over one Redis', { timeout: 180_000 }, () => {
  it('runs a schedule exactly once although the replica running schedules is killed at its time', async () => {
    // A starts first and takes the runner lease; B only adopts it once A is gone.
    const a = await serve('a');
    const raw = new Redis(redis.url);
    await waitFor(
      async () => (await raw.keys(`${PREFIX}*schedules:runner*`)).length > 0,
      'the runner lease',
      20_000,
    );
    const b = await serve('b');
    await scheduleStop(b, a, web1, Date.now() + 3_600_000);
    // Once A let go of web-1 (held while it confirmed), A, the runner, dies as the time comes: B
    // adopts its lease (2 s) and runs it.
    await waitFor(
      async () => (await raw.keys(`${PREFIX}*instance-op:${web1}*`)).length === 0,
      'the Confirm’s hold of web-1 released',
      20_000,
    );
    raw.disconnect();
    a.child.kill('SIGKILL');
    await a.exit;
    await moveSchedule(web1, Date.now());
    const run = await waitFor(
      () => posted('Stop requested').find((m) => text(m).includes('⏰') && text(m).includes('done')),
      'the run, followed to its end',
      40_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}\n${slack
          .channelMessages(CHANNEL)
          .map((m) => text(m).slice(0, 400))
          .join('\n')}\n--- b ---\n${b.stderr()}`,
      );
    });
    expect(text(run)).toContain('Scheduled by');
    // Exactly one call went out: one write-ahead record, one outcome (a late second call would
    // show in the next test's count).
    const stops = await waitFor(
      async () => {
        const all = await auditOf('instance stop');
        return all.some((r) => r.result === 'ok') ? all : undefined;
      },
      'the outcome record',
      10_000,
    );
    expect(stops.filter((r) => r.result === 'calling')).toHaveLength(1);
    expect(stops.filter((r) => r.result === 'ok' && r.confirmedBy?.startsWith('schedule:'))).toHaveLength(1);
    expect(stops.every((r) => r.userId === OPERATOR)).toBe(true);
    expect(posted('⏰').filter((m) => text(m).includes('Stop requested'))).toHaveLength(1);
    await b.stop();
  });

  it('reports a schedule missed while no replica was up, and does not run it late', async () => {
    const c = await serve('c');
    // Meanwhile exec on the same Redis schedules (a serve runs them) with --confirm, and unschedules.
    const viaExec = async () => {
      const scheduled = await exec(['exec', `schedule in 1h instance stop ${cache1}`, '--confirm', cache1]);
      expect(scheduled.out).toContain('Scheduled: instance stop cache-1');
      expect(scheduled.code).toBe(0);
      const id = /Id ([0-9a-f]{8})/.exec(scheduled.out)?.[1] ?? '';
      expect((await exec(['exec', 'schedules'])).out).toContain(id);
      const cancelled = await exec(['exec', `unschedule ${id}`]);
      expect(cancelled.out).toContain('Unscheduled: instance stop cache-1');
      expect(cancelled.code).toBe(0);
    };
    await Promise.all([viaExec(), scheduleStop(c, c, web2, Date.now() + 3_600_000)]);
    c.child.kill('SIGKILL');
    await c.exit;
    // Its time and the grace (30 s) pass before any replica is back.
    await moveSchedule(web2, Date.now() - 60_000);
    const d = await serve('d');
    const missed = await waitFor(
      () => posted('Missed: instance stop').at(0),
      'the missed notice',
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- c ---\n${c.stderr()}\n--- d ---\n${d.stderr()}`);
    });
    expect(text(missed)).toContain('was not run');
    const calls = (await auditOf('instance stop')).filter((r) => r.result === 'calling');
    expect(calls).toHaveLength(1); // the first test's only
    // The notice is posted before its audit record is written: wait for the record, not the post.
    const recorded = await waitFor(
      async () => (await auditOf('instance stop')).some((r) => r.errorId === 'schedule-missed'),
      'the missed schedule’s audit record',
      10_000,
    ).catch(() => false);
    expect(recorded).toBe(true);
    await d.stop();
  });
});

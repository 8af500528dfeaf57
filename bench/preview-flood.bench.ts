// A busy channel that leaves previews unanswered: 2,000 signed `/vps instance stop` commands, 20 at
// a time, to one `vpsops serve` process (its own process; the simulator, fake Slack and Redis are
// outside it), on the embedded store and on Redis. Reports how many were acked within Slack's 3 s,
// how many got their preview card, the ack p99, and the process's resident memory afterwards
// (target: under 300 MB), as ratios of the Redis run against the embedded one. FLOOD_PREVIEWS sets
// the count; FLOOD_NODE_OPTIONS passes NODE_OPTIONS to the bot (e.g. a heap cap, to see what RSS is heap).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../src/simulator/index.js';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { FakeSlack } from '../test/support/fake-slack.js';
import { postSigned, slashCommandForm } from '../test/support/fake-slack-requests.js';
import { stopAll } from '../test/support/cleanup.js';
import { startRedisServer, type TestRedisServer } from '../test/support/redis-server.js';
import { startServeReplica, type ServeReplica } from '../test/support/serve-replica.js';
import type { BenchReport } from './report.js';
import { runIfEntry } from './report.js';

const PREVIEWS = Number(process.env.FLOOD_PREVIEWS ?? 2_000);
const CONCURRENCY = 20;
const SECRET = 'flood-signing-secret';
const OPERATOR = 'U034OPS';

interface FloodResult {
  readyMb: number;
  settledMb: number;
  acked3s: number;
  answered: number;
  p50: number;
  p99: number;
  rssMb: number;
  seconds: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

async function flood(store: 'embedded' | 'redis'): Promise<FloodResult> {
  const dir = mkdtempSync(join(tmpdir(), `vpsops-flood-${store}-`));
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`);
  const sim = await startSimulator({});
  const slack = await new FakeSlack().start();
  // Whatever started is stopped in finally, also when a later start fails.
  const running: { redis?: TestRedisServer; replica?: ServeReplica } = {};
  try {
    const redis = (running.redis = store === 'redis' ? await startRedisServer() : undefined);
    const replica = (running.replica = await startServeReplica('flood', dir, {
      VPSOPS_POLICY: join(dir, 'policy.yaml'),
      HOSTING_API_URL: sim.url,
      HOSTING_API_KEY: sim.apiKey,
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      LOG_LEVEL: 'info',
      ...(process.env.FLOOD_NODE_OPTIONS ? { NODE_OPTIONS: process.env.FLOOD_NODE_OPTIONS } : {}),
      ...(redis ? { REDIS_URL: redis.url, VPSOPS_REDIS_PREFIX: 'flood:' } : {}),
    }));
    const events = `http://127.0.0.1:${replica.port}/slack/events`;
    const readyMb = rssMb(replica.child.pid ?? 0);
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async (): Promise<void> => {
      while (next < PREVIEWS) {
        next += 1;
        const form = slashCommandForm({
          text: `instance stop ${SEED_IDS.instances.web1}`,
          userId: OPERATOR,
          channelId: 'C0FLOOD',
          responseUrl: slack.newResponseUrl(),
        });
        const t0 = performance.now();
        const answer = await postSigned(events, form, { secret: SECRET });
        if (answer.status === 200) latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Every command is answered in the channel (a preview card) or privately (response_url).
    const answered = () => slack.callsTo('chat.postMessage').length + slack.responses.length;
    const deadline = Date.now() + 120_000;
    while (answered() < PREVIEWS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const seconds = (performance.now() - started) / 1000;
    const afterMb = rssMb(replica.child.pid ?? 0);
    // Ten quiet seconds later: what the process keeps, not what the burst left to collect.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const settledMb = rssMb(replica.child.pid ?? 0);
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
    return {
      acked3s: latencies.filter((ms) => ms < 3_000).length,
      answered: answered(),
      p50: Math.round(at(0.5) * 10) / 10,
      p99: Math.round(at(0.99) * 10) / 10,
      rssMb: afterMb,
      readyMb,
      settledMb,
      seconds: Math.round(seconds),
    };
  } finally {
    // Redis (a child process) stops even when the fake Slack's close reports findings.
    await stopAll(
      () => running.replica?.stop(),
      () => slack.close(),
      () => sim.close(),
      () => running.redis?.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
  }
}

/** Runs the flood on both stores. */
export async function runBench(): Promise<BenchReport> {
  const embedded = await flood('embedded');
  const redis = await flood('redis');
  const row = (name: string, r: FloodResult, ratio: string) => ({
    store: name,
    previews: PREVIEWS,
    'acked < 3 s': r.acked3s,
    answered: r.answered,
    'ack p50 ms': r.p50,
    'ack p99 ms': r.p99,
    'RSS ready MB': r.readyMb,
    'RSS after MB': r.rssMb,
    'RSS +10 s MB': r.settledMb,
    'wall s': r.seconds,
    'p99 ratio': ratio,
  });
  return {
    title: `${PREVIEWS} unanswered destructive previews, ${CONCURRENCY} at a time (baseline: embedded store)`,
    rows: [
      row('embedded', embedded, '1.00'),
      row('redis', redis, (redis.p99 / Math.max(0.1, embedded.p99)).toFixed(2)),
    ],
  };
}

await runIfEntry(import.meta.url, runBench);

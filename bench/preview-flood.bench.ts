// A busy channel that leaves previews unanswered: 2,000 signed `/vps instance stop` commands, 20 at
// a time, to one `vpsops serve` process (its own process; the simulator, fake Slack and Redis are
// outside it), on the embedded store and on Redis. Reports how many were acked within Slack's 3 s,
// how many got their preview card (and how many a "Still working…" note first), the ack p99, the
// bot's CPU seconds, and its resident memory afterwards, 10 s and 30 s later (target: under 300 MB),
// with the V8 heap and external memory from /metrics; p99 as ratios against the first store run.
// FLOOD_PREVIEWS sets the count; FLOOD_STORES the stores (default "embedded,redis");
// FLOOD_NODE_OPTIONS passes NODE_OPTIONS to the bot (e.g. --heapsnapshot-signal=SIGUSR2 with
// FLOOD_SNAPSHOT=1 writes a heap snapshot after the quiet 30 s); FLOOD_LOG=<path> keeps its log.
// VPSOPS_FROM_SOURCE is passed through (heap bounds: FLOOD_NODE_OPTIONS=--max-old-space-size=…).
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
import { goal } from './goals.js';

const PREVIEWS = Number(process.env.FLOOD_PREVIEWS ?? 2_000);
const CONCURRENCY = 20;
const SECRET = 'flood-signing-secret';
const OPERATOR = 'U034OPS';

interface FloodResult {
  readyMb: number;
  /** The highest resident memory sampled (every 100 ms) from the first command until +30 s. */
  peakMb: number;
  settledMb: number;
  /** Resident memory 30 s after the flood (V8 hands memory back by itself after a quiet spell). */
  quietMb: number;
  /** V8 heap used / external memory (MB) at ready and after the quiet 10 s, from /metrics. */
  heap: { ready: number; settled: number; quiet: number; total: number };
  external: { ready: number; settled: number };
  acked3s: number;
  answered: number;
  stillWorking: number;
  p50: number;
  p99: number;
  rssMb: number;
  seconds: number;
  /** CPU seconds the bot used for the flood. */
  cpu: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** nodejs_heap_size_used_bytes and nodejs_external_memory_bytes of the bot, in MB. */
/** CPU seconds (user + system) the process has used, from /proc: load-independent cost of the flood. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function heapMb(port: number): Promise<{ heap: number; heapTotal: number; external: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;
  return {
    heap: mb(metric('nodejs_heap_size_used_bytes')),
    heapTotal: mb(metric('nodejs_heap_size_total_bytes')),
    external: mb(metric('nodejs_external_memory_bytes')),
  };
}

async function flood(store: 'embedded' | 'redis'): Promise<FloodResult> {
  const dir = mkdtempSync(join(tmpdir(), `vpsops-flood-${store}-`));
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`);
  const sim = await startSimulator({});
  const slack = await new FakeSlack().start();
  // Whatever started is stopped in finally, also when a later start fails.
  const running: { redis?: TestRedisServer; replica?: ServeReplica; sampler?: NodeJS.Timeout } = {};
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
      // VPSOPS_FROM_SOURCE=1: the bot runs the TypeScript sources through tsx (no dist/).
      ...(process.env.VPSOPS_FROM_SOURCE ? { VPSOPS_FROM_SOURCE: process.env.VPSOPS_FROM_SOURCE } : {}),
      ...(process.env.FLOOD_NODE_OPTIONS ? { NODE_OPTIONS: process.env.FLOOD_NODE_OPTIONS } : {}),
      ...(redis ? { REDIS_URL: redis.url, VPSOPS_REDIS_PREFIX: 'flood:' } : {}),
    }));
    const events = `http://127.0.0.1:${replica.port}/slack/events`;
    const readyMb = rssMb(replica.child.pid ?? 0);
    const ready = await heapMb(replica.port);
    const cpuBefore = cpuSeconds(replica.child.pid ?? 0);
    let peakMb = readyMb;
    running.sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(replica.child.pid ?? 0))), 100);
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
    // Every command is answered in the channel (a preview card) or privately (response_url); a
    // "Still working…" note (the preview took longer than VPSOPS_PROGRESS_AFTER_MS) is counted apart.
    const still = (body: unknown) => JSON.stringify(body).includes('Still working');
    const posts = () => [
      ...slack.callsTo('chat.postMessage').map((c) => c.args),
      ...slack.responses.map((r) => r.body),
    ];
    const answered = () => posts().filter((body) => !still(body)).length;
    const deadline = Date.now() + 120_000;
    while (answered() < PREVIEWS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const seconds = (performance.now() - started) / 1000;
    const afterMb = rssMb(replica.child.pid ?? 0);
    const cpu = cpuSeconds(replica.child.pid ?? 0) - cpuBefore;
    // Ten quiet seconds later: what the process keeps, not what the burst left to collect.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const settledMb = rssMb(replica.child.pid ?? 0);
    const settled = await heapMb(replica.port);
    // …and thirty: what it keeps once V8 has had a quiet spell to shrink the heap.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const quietMb = rssMb(replica.child.pid ?? 0);
    const quiet = await heapMb(replica.port);
    clearInterval(running.sampler);
    if (process.env.FLOOD_SNAPSHOT === '1') {
      replica.child.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
    return {
      acked3s: latencies.filter((ms) => ms < 3_000).length,
      answered: answered(),
      stillWorking: posts().filter(still).length,
      p50: Math.round(at(0.5) * 10) / 10,
      p99: Math.round(at(0.99) * 10) / 10,
      rssMb: afterMb,
      readyMb,
      peakMb,
      settledMb,
      quietMb,
      heap: { ready: ready.heap, settled: settled.heap, quiet: quiet.heap, total: settled.heapTotal },
      external: { ready: ready.external, settled: settled.external },
      seconds: Math.round(seconds),
      cpu: Math.round(cpu * 10) / 10,
    };
  } finally {
    // Redis (a child process) stops even when the fake Slack's close reports findings.
    clearInterval(running.sampler);
    await stopAll(
      () => running.replica?.stop(),
      () => {
        if (process.env.FLOOD_LOG && running.replica)
          writeFileSync(`${process.env.FLOOD_LOG}.${store}.log`, running.replica.stderr());
      },
      () => slack.close(),
      () => sim.close(),
      () => running.redis?.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
  }
}

/** Runs the flood on both stores. */
export async function runBench(): Promise<BenchReport> {
  const stores = (process.env.FLOOD_STORES ?? 'embedded,redis').split(',') as ('embedded' | 'redis')[];
  const results: [string, FloodResult][] = [];
  for (const store of stores) results.push([store, await flood(store)]);
  const baseline = results[0]![1];
  const row = (name: string, r: FloodResult) => ({
    store: name,
    previews: PREVIEWS,
    'acked < 3 s': r.acked3s,
    answered: r.answered,
    'still working notes': r.stillWorking,
    'ack p50 ms': r.p50,
    'ack p99 ms': r.p99,
    'RSS ready MB': r.readyMb,
    'RSS peak MB': r.peakMb,
    'RSS after MB': r.rssMb,
    'RSS +10 s MB': r.settledMb,
    'RSS +30 s MB': r.quietMb,
    'heap MB ready→+10 s→+30 s': `${r.heap.ready}→${r.heap.settled}→${r.heap.quiet}`,
    'heap total MB +10 s': r.heap.total,
    'external MB ready→+10 s': `${r.external.ready}→${r.external.settled}`,
    'wall s': r.seconds,
    'bot CPU s': r.cpu,
    'p99 ratio': (r.p99 / Math.max(0.1, baseline.p99)).toFixed(2),
  });
  return {
    title: `${PREVIEWS} unanswered destructive previews, ${CONCURRENCY} at a time (baseline: ${results[0]![0]} store)`,
    rows: results.map(([name, r]) => row(name, r)),
    goals: results.flatMap(([name, r]) => [
      goal({ goal: `3 previews acked < 3 s, ${name}`, figure: r.acked3s, baseline: `${PREVIEWS} sent`, bound: `≥ ${PREVIEWS}` }),
      goal({ goal: `3 RSS peak in the flood, ${name}`, figure: r.peakMb, baseline: `ready ${r.readyMb} MB`, bound: '< 200', unit: 'MB' }),
      goal({ goal: `3 RSS 30 s after the flood, ${name}`, figure: r.quietMb, baseline: `ready ${r.readyMb} MB`, bound: '< 130', unit: 'MB' }),
    ]),
  };
}

await runIfEntry(import.meta.url, runBench);

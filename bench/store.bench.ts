// Benchmark of the state stores (issue 10): what a destructive preview costs the store (put the
// pending confirmation, then attach its card) in previews per second, and the resident memory of
// a process holding 500 / 1,000 / 2,000 pending confirmations, for the memory, embedded (journal)
// and Redis stores, as ratios against the memory store measured in the same run. Each case runs
// in its own fresh process (bench/support/store-process.ts), so its RSS is that store's alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startRedisServer } from '../test/support/redis-server.js';
import { runIfEntry, type BenchReport } from './report.js';
import { spawnNode } from './support/processes.js';
import { round } from './support/stats.js';

const SIZES = [500, 1000, 2000];
const STORES = ['memory', 'embedded', 'redis'] as const;
const CHILD = fileURLToPath(new URL('./support/store-process.ts', import.meta.url));

interface CaseResult {
  perSecond: number;
  concurrent: number;
  pending: number;
  rssBeforeMb: number;
  rssMb: number;
  heldHeapKb: number;
  /** Growth of the Redis server's used_memory (Redis only). */
  serverKb: number;
}

async function runCase(store: string, size: number, scratch: string, redisUrl: string): Promise<Omit<CaseResult, 'serverKb'>> {
  const child = spawnNode(['--expose-gc', '--import', 'tsx', CHILD, store, String(size), scratch, redisUrl]);
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`store bench child (${store}, ${size}) exited ${code}\n${child.stderr().slice(-2000)}`);
  return JSON.parse(child.stdout().trim().split('\n').at(-1) ?? '{}') as Omit<CaseResult, 'serverKb'>;
}

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<BenchReport> {
  const redis = await startRedisServer();
  const admin = new Redis(redis.url);
  const scratch = await mkdtemp(join(tmpdir(), 'vpsops-store-bench-'));
  const usedKb = async () => Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1] ?? 0) / 1024;
  const rows: Record<string, string | number>[] = [];
  try {
    for (const size of SIZES) {
      let baseline: CaseResult | undefined;
      for (const store of STORES) {
        await admin.flushdb();
        const serverBefore = await usedKb();
        const result = { ...(await runCase(store, size, scratch, redis.url)), serverKb: 0 };
        if (store === 'redis') result.serverKb = (await usedKb()) - serverBefore;
        if (result.pending !== size) throw new Error(`${store}: ${result.pending} pending after ${size} previews`);
        baseline ??= result;
        rows.push({
          case: `${size} pending: ${store}`,
          previews_per_s: Math.round(result.perSecond),
          'previews_per_s ×20': Math.round(result.concurrent),
          rss_mb: round(result.rssMb, 1),
          'rss growth mb': round(result.rssMb - result.rssBeforeMb, 1),
          heap_held_kb: Math.round(result.heldHeapKb),
          redis_server_kb: Math.round(result.serverKb),
          ratio_speed: round(result.perSecond / baseline.perSecond),
          'ratio_speed ×20': round(result.concurrent / baseline.concurrent),
          ratio_rss: round(result.rssMb / baseline.rssMb),
        });
      }
    }
  } finally {
    admin.disconnect();
    await redis.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  return {
    title: `State stores: preview cost (put + attachCard) and resident memory with ${SIZES.join(' / ')} pending`,
    rows,
    notes:
      'Each case is a fresh process: previews_per_s is one preview at a time (what one chat user waits for; median of 3 fresh stores), ' +
      '×20 is twenty in flight on the store then measured. rss_mb: the process\'s resident memory after GC with that many ' +
      'pending; rss growth: since just before the previews; heap_held_kb: V8 heap growth after GC; redis_server_kb: growth ' +
      'of the loopback redis-server\'s used_memory (held outside the process). Ratios are against the memory store at the ' +
      'same size in this run. The embedded store appends one journal line per change (group-committed), Redis costs two ' +
      'round trips per preview.',
  };
}

await runIfEntry(import.meta.url, runBench);

// Benchmark of the state stores (issue 10): what a destructive preview costs the store (put the
// pending confirmation, then attach its card) in previews per second, and the memory held by
// 500 / 1,000 / 2,000 pending confirmations, for the memory, embedded (journal) and Redis stores,
// as ratios against the memory store measured in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import type { BotStore, PendingConfirmation } from '../src/core/store.js';
import { openEmbeddedStore } from '../src/store/embedded-store.js';
import { openRedisStore } from '../src/store/redis-store.js';
import { createMemoryStore } from '../src/store/table-store.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { runIfEntry, type BenchReport } from './report.js';

const SIZES = [500, 1000, 2000];
const CONCURRENCY = 20;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A confirmation shaped like the bot's: resolved args, audit args, a preview card. */
function pendingFor(token: string, at: number): PendingConfirmation {
  const lines = Array.from({ length: 6 }, (_, i) => ({ type: 'text', text: `Field ${i}: value for ${token}` }));
  return {
    token,
    command: 'instance stop',
    args: { instance: { uuid: `0b0e6c1e-0000-4000-8000-${token.padStart(12, '0')}`, label: 'web-1' }, force: false },
    auditArgs: { instance: 'web-1' },
    requester: { platform: 'slack', userId: 'U0123456', displayName: 'Ada Lovelace' },
    platform: 'slack',
    channelId: 'C0123456',
    invocationId: `inv-${token}`,
    createdAt: at,
    expiresAt: at + 15 * 60_000,
    targets: ['web-1'],
    twoPerson: false,
    card: { blocks: lines, text: 'Stop web-1?' } as unknown as PendingConfirmation['card'],
    status: 'pending',
  };
}

interface Opened {
  store: BotStore;
  /** Bytes held outside this process (the Redis server's used_memory). */
  external(): Promise<number>;
  close(): Promise<void>;
}

type Opener = (run: number) => Promise<Opened>;

/** Puts `count` previews with `concurrency` in flight; returns previews per second. */
async function previews(store: BotStore, count: number, concurrency: number, run: number): Promise<number> {
  let next = 0;
  const at = Date.now();
  const worker = async () => {
    while (next < count) {
      const token = `${run}-${(next += 1)}`;
      await store.pending.put(pendingFor(token, at));
      await store.pending.attachCard(token, { platform: 'slack', channelId: 'C0123456', id: `17000000.${token}` });
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - start) / 1000);
}

async function measure(open: Opener, size: number, run: number) {
  const warm = await open(run * 10);
  await previews(warm.store, 200, CONCURRENCY, run * 10);
  await warm.close();
  // Median of three runs on fresh stores: the machine is shared, single runs are noisy.
  const speeds: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const sequential = await open(run * 10 + 3 + i);
    speeds.push(await previews(sequential.store, size, 1, run * 10 + 3 + i));
    await sequential.close();
  }
  const perSecond = speeds.sort((a, b) => a - b)[1]!;
  const opened = await open(run * 10 + 2);
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const externalBefore = await opened.external();
  const concurrent = await previews(opened.store, size, CONCURRENCY, run * 10 + 2);
  gc();
  const heldKb = (process.memoryUsage().heapUsed - heapBefore + (await opened.external()) - externalBefore) / 1024;
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  await opened.close();
  return { perSecond, concurrent, heldKb, rssMb };
}

const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<BenchReport> {
  const redis = await startRedisServer();
  const admin = new Redis(redis.url);
  const dirs: string[] = [];
  const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1] ?? 0);
  const openers: [string, Opener][] = [
    ['memory', async () => ({ store: createMemoryStore(), external: async () => 0, close: async () => {} })],
    [
      'embedded',
      async () => {
        const dir = await mkdtemp(join(tmpdir(), 'vpsops-bench-'));
        dirs.push(dir);
        const store = await openEmbeddedStore(dir);
        return { store, external: async () => 0, close: () => store.close() };
      },
    ],
    [
      'redis',
      async (run) => {
        await admin.flushdb();
        const store = await openRedisStore({ url: redis.url, prefix: `bench:${run}:` });
        return { store, external: usedMemory, close: () => store.close() };
      },
    ],
  ];
  const rows: Record<string, string | number>[] = [];
  try {
    let run = 0;
    for (const size of SIZES) {
      let baseline: Awaited<ReturnType<typeof measure>> | undefined;
      for (const [name, open] of openers) {
        const result = await measure(open, size, (run += 1));
        baseline ??= result;
        rows.push({
          case: `${size} pending: ${name}`,
          previews_per_s: Math.round(result.perSecond),
          [`previews_per_s ×${CONCURRENCY}`]: Math.round(result.concurrent),
          held_kb: Math.round(result.heldKb),
          ratio_speed: round(result.perSecond / baseline.perSecond),
          [`ratio_speed ×${CONCURRENCY}`]: round(result.concurrent / baseline.concurrent),
          ratio_memory: round(result.heldKb / Math.max(1, baseline.heldKb)),
          rss_mb: Math.round(result.rssMb),
        });
      }
    }
  } finally {
    admin.disconnect();
    await redis.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
  return {
    title: `State stores: preview cost (put + attachCard) and memory held by ${SIZES.join(' / ')} pending`,
    rows,
    notes:
      'previews_per_s: one preview at a time (what one chat user waits for; median of 3 runs); ×20: twenty in flight. held_kb: heap ' +
      'growth of this process after GC plus, for Redis, growth of the server\'s used_memory (a loopback redis-server ' +
      'started for the run). Ratios are against the memory store at the same size in this run; the embedded store ' +
      'appends one journal line per change, Redis costs two round trips per preview.',
  };
}

await runIfEntry(import.meta.url, runBench);

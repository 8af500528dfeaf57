// Cost of the instance list (E3) at 5,000 servers (issue 43, goal 7): `instance list` reading all 50
// pages of 100 against the simulator in its own process, compared with one page fetched alone in the
// same run; the cost of resolving a hostname per command once the list is cached (warm cache),
// compared with a hostname the bot has already learned; and three replicas on one Redis resolving
// names at once on a cold cache: how long the first lookup takes (every page read), how many of the
// replicas read the list (one should, for all), and the later lookups from the shared cache.
// INSTANCE_LIST_SERVERS (5,000) changes the size.
import type { CommandContext } from '../src/core/index.js';
import { instanceList } from '../commands/instance-list.js';
import { createHostingApi } from '../src/api/index.js';
import { createPolicy } from '../src/core/policy/policy.js';
import { resolveInstanceRef } from '../src/core/instances/resolve-instance.js';
import { createMemoryStore } from '../src/store/memory/table-store.js';
import { openRedisStore } from '../src/store/redis/redis-store.js';
import type { BotStore } from '../src/core/store.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { goal, type GoalRow } from './goals.js';
import { runIfEntry, type BenchReport } from './report.js';
import { startSimulatorProcess } from './support/processes.js';
import { percentile, round } from './support/stats.js';

const SERVERS = Number(process.env['INSTANCE_LIST_SERVERS'] ?? 5_000);
const RUNS = 5;
/** Names node-0006 … node-0995: each resolved once from the list, then once learned. */
const RESOLUTIONS = 990;
const REPLICAS = 3;
/** Names the simulator gives its servers: node-0001 … (four digits at least). */
const nameOf = (n: number) => `node-${String(n).padStart(4, '0')}`;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs the benchmark (~a minute under load). */
export async function runBench(): Promise<BenchReport> {
  const sim = await startSimulatorProcess(['--instances', String(SERVERS)]);
  try {
    let calls = 0;
    const api = createHostingApi({
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      retries: 0,
      timeoutMs: 30_000,
      onCall: () => void (calls += 1),
    });
    const ctx = { api, currency: 'IDR', locale: 'en', now: () => new Date() } as unknown as CommandContext;
    const timed = async (run: () => Promise<unknown>): Promise<{ ms: number; calls: number }> => {
      const before = calls;
      const started = performance.now();
      await run();
      return { ms: performance.now() - started, calls: calls - before };
    };
    // Warm-up (JIT, connections), then the baseline: one page of 100 alone.
    for (let i = 0; i < 3; i += 1) await api.instances.list({ limit: 100, page: 1 });
    const page: { ms: number; calls: number }[] = [];
    for (let i = 0; i < RUNS; i += 1)
      page.push(await timed(() => api.instances.list({ limit: 100, page: 1 })));
    const whole: { ms: number; calls: number }[] = [];
    for (let i = 0; i < RUNS; i += 1)
      whole.push(
        await timed(() =>
          instanceList.run(ctx, {
            status: undefined,
            search: undefined,
            location: undefined,
            page: undefined,
          }),
        ),
      );
    const pageMs = median(page.map((r) => r.ms));
    const wholeMs = median(whole.map((r) => r.ms));

    // Name resolution per command on a warm cache (the list read once, then kept in the store).
    const store = createMemoryStore();
    const deps = { policy: createPolicy(null, null), store, api };
    await resolveInstanceRef('node-0917', deps);
    const before = calls;
    let started = performance.now();
    for (let i = 0; i < RESOLUTIONS; i += 1)
      await resolveInstanceRef(`node-${String(6 + i).padStart(4, '0')}`, deps);
    const listUs = ((performance.now() - started) * 1000) / RESOLUTIONS;
    const listCalls = calls - before;
    // Baseline: the same names once learned (the store's hostname index, no list involved).
    started = performance.now();
    for (let i = 0; i < RESOLUTIONS; i += 1)
      await resolveInstanceRef(`node-${String(6 + i).padStart(4, '0')}`, { ...deps, api: undefined });
    const learnedUs = ((performance.now() - started) * 1000) / RESOLUTIONS;

    const replicas = await replicasOnRedis(sim, pageMs);
    return {
      title: `Instance list: ${SERVERS} servers (${Math.ceil(SERVERS / 100)} pages of 100), ${RUNS} runs each; name resolution on a warm cache; ${REPLICAS} replicas on one Redis`,
      rows: [
        {
          case: 'baseline: one page of 100 alone',
          'wall ms (median)': Math.round(pageMs),
          'API calls': page[0]!.calls,
        },
        {
          case: `\`instance list\` over ${SERVERS} servers`,
          'wall ms (median)': Math.round(wholeMs),
          'API calls': whole[0]!.calls,
          'vs one page': Number((wholeMs / pageMs).toFixed(2)),
        },
        {
          case: 'resolve a hostname, first sight (warm list cache)',
          'µs per command': Number(listUs.toFixed(1)),
          'API calls': listCalls,
        },
        {
          case: 'baseline: resolve a learned hostname',
          'µs per command': Number(learnedUs.toFixed(1)),
          'API calls': 0,
        },
        ...replicas.rows,
      ],
      goals: replicas.goals,
      notes:
        'The simulator runs in its own process. "first sight" resolves names the bot has not learned yet from the cached list (then learns them: the second loop, the baseline, finds them in the hostname index); those rows use a memory store. The replica rows use one Redis: each replica its own connection and API client, all resolving a name at once on a cold cache, then the later lookups (names not learned yet) from the shared cache, one after another on each replica.',
    };
  } finally {
    await sim.stop();
  }
}

/** Three replicas on one Redis: the first lookup on a cold cache (all at once), who reads the list, later lookups. */
async function replicasOnRedis(
  sim: { url: string; apiKey: string },
  pageMs: number,
): Promise<{ rows: Record<string, string | number>[]; goals: GoalRow[] }> {
  const redis = await startRedisServer();
  const stores: BotStore[] = [];
  try {
    const listReads = Array.from({ length: REPLICAS }, () => ({ count: 0 }));
    const replicas = [];
    for (let r = 0; r < REPLICAS; r += 1) {
      const store = await openRedisStore({ url: redis.url, prefix: 'bench-list:' });
      stores.push(store);
      const real = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 30_000 });
      const list = real.instances.list.bind(real.instances);
      // A read of the whole list starts with page 1.
      const instances = {
        ...real.instances,
        list: (query: Parameters<typeof list>[0]) => (
          (listReads[r]!.count += query?.page === 1 ? 1 : 0),
          list(query)
        ),
      };
      replicas.push({ policy: createPolicy(null, null), store, api: { ...real, instances } });
    }
    const first = await Promise.all(
      replicas.map(async (deps, r) => {
        const started = performance.now();
        await resolveInstanceRef(nameOf(SERVERS - r), deps);
        return performance.now() - started;
      }),
    );
    const later: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const started = performance.now();
      await resolveInstanceRef(nameOf(10 + i), replicas[i % REPLICAS]!);
      later.push(performance.now() - started);
    }
    later.sort((a, b) => a - b);
    const reads = listReads.reduce((sum, replica) => sum + replica.count, 0);
    const slowest = Math.max(...first);
    return {
      rows: [
        {
          case: `${REPLICAS} replicas, cold cache: first lookup (slowest replica)`,
          'wall ms (median)': round(slowest, 0),
          'list reads': reads,
        },
        {
          case: `${REPLICAS} replicas: later lookups from the shared cache`,
          'µs per command': round(percentile(later, 50) * 1000, 1),
          'p99 ms': round(percentile(later, 99), 2),
        },
      ],
      goals: [
        goal({
          goal: `7 first name lookup, ${SERVERS} servers, cold cache`,
          figure: round(slowest, 0),
          baseline: round(pageMs, 0),
          bound: '≤ 1000',
          unit: 'ms',
        }),
        goal({
          goal: '7 later lookups from the cache (p99)',
          figure: round(percentile(later, 99), 2),
          baseline: round(percentile(later, 50), 2),
          bound: '≤ 5',
          unit: 'ms',
        }),
        goal({
          goal: `7 replicas reading the list for ${REPLICAS} at once`,
          figure: reads,
          baseline: `${REPLICAS} replicas`,
          bound: '= 1',
        }),
      ],
    };
  } finally {
    for (const store of stores) await store.close();
    await redis.stop();
  }
}

await runIfEntry(import.meta.url, runBench);

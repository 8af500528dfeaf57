// Cost of the instance list (E3) at 1,000 servers: `instance list` reading all 10 pages of 100
// against the simulator in its own process, compared with one page fetched alone in the same run;
// and the cost of resolving a hostname per command once the list is cached (warm cache), compared
// with a hostname the bot has already learned.
import type { CommandContext } from '../src/core/index.js';
import { instanceList } from '../commands/instance-list.js';
import { createHostingApi } from '../src/api/index.js';
import { createPolicy } from '../src/core/policy/policy.js';
import { resolveInstanceRef } from '../src/core/instances/resolve-instance.js';
import { createMemoryStore } from '../src/store/memory/table-store.js';
import { runIfEntry, type BenchReport } from './report.js';
import { startSimulatorProcess } from './support/processes.js';

const SERVERS = 1000;
const RUNS = 10;
/** Names node-0006 … node-0995: each resolved once from the list, then once learned. */
const RESOLUTIONS = 990;

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
    const ctx = { api, currency: 'IDR', now: () => new Date() } as unknown as CommandContext;
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

    return {
      title: `Instance list: ${SERVERS} servers (10 pages of 100), ${RUNS} runs each; name resolution on a warm cache`,
      rows: [
        {
          case: 'baseline: one page of 100 alone',
          'wall ms (median)': Math.round(pageMs),
          'API calls': page[0]!.calls,
        },
        {
          case: '`instance list` over 1,000 servers',
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
      ],
      notes:
        'The simulator runs in its own process. "first sight" resolves names the bot has not learned yet from the cached list (then learns them: the second loop, the baseline, finds them in the hostname index). The memory store stands in for the shared one; with Redis add one round trip for the cached list.',
    };
  } finally {
    await sim.stop();
  }
}

await runIfEntry(import.meta.url, runBench);

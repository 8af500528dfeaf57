// Cost of the watch poller: 1,000 watches at a 60 s interval against the simulator (its own
// process, so this process's CPU is the bot's alone) over one interval. Reports CPU time, memory, and hosting-API requests per second against the ideal of
// one detail request per watch per interval, and the CPU ratio against a baseline measured in the
// same run: the same 1,000 detail requests made back to back by the bare API client.
// WATCH_BENCH_INTERVAL_MS shortens the interval for a quick run (the ratios stay comparable).
import { createHostingApi } from '../src/api/index.js';
import type { MessageRef } from '../src/core/ports.js';
import { SEED_IDS } from '../src/simulator/seed-ids.js';
import { createMemoryStore } from '../src/store/memory/table-store.js';
import { createWatchPoller, createWatchService } from '../src/watch/index.js';
import type { ChannelPoster } from '../src/core/index.js';
import { runIfEntry, type BenchReport } from './report.js';
import { startSimulatorProcess } from './support/processes.js';

const WATCHES = 1000;
const INTERVAL_MS = Number(process.env['WATCH_BENCH_INTERVAL_MS'] ?? 60_000);

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Runs the benchmark; ~one interval of wall time plus the baseline. */
export async function runBench(): Promise<BenchReport> {
  const sim = await startSimulatorProcess();
  try {
    const calls = new Map<string, number>();
    const api = createHostingApi({
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      retries: 0,
      timeoutMs: 10_000,
      onCall: (event) => calls.set(event.endpoint, (calls.get(event.endpoint) ?? 0) + 1),
    });
    const count = (endpoint?: string): number =>
      endpoint ? (calls.get(endpoint) ?? 0) : [...calls.values()].reduce((a, b) => a + b, 0);
    const uuids = Object.values(SEED_IDS.instances);
    // Warm-up, then the baseline: the ideal client cost of one interval's detail requests.
    for (let i = 0; i < 50; i += 1) await api.instances.detail(uuids[i % uuids.length]!);
    let cpu = process.cpuUsage();
    let wall = performance.now();
    for (let i = 0; i < WATCHES; i += 1) await api.instances.detail(uuids[i % uuids.length]!);
    const baselineCpu = cpuMs(cpu);
    const baselineWall = performance.now() - wall;

    const store = createMemoryStore();
    const service = createWatchService(store);
    for (let i = 0; i < WATCHES; i += 1) {
      const uuid = uuids[i % uuids.length]!;
      await service.set(
        'slack',
        `C${i}`,
        { instance: { uuid, label: `i${i}` } },
        { platform: 'slack', userId: 'U1', displayName: 'bench' },
      );
    }
    let posts = 0;
    const poster: ChannelPoster = {
      platform: 'slack',
      post: async (channelId): Promise<MessageRef> => ({
        platform: 'slack',
        channelId,
        id: String((posts += 1)),
      }),
      update: async () => undefined,
    };
    const heapBefore = process.memoryUsage().heapUsed;
    const before = count();
    const detailsBefore = count('instance.detail');
    cpu = process.cpuUsage();
    wall = performance.now();
    // Lease TTL as the default VPSOPS_LEASE_TTL_SECONDS (15 s): renewals every 5 s are part of the cost.
    const poller = createWatchPoller({
      api,
      store,
      posters: [poster],
      intervalMs: INTERVAL_MS,
      leaseTtlMs: 15_000,
    });
    await poller.start();
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    const pollerCpu = cpuMs(cpu);
    const seconds = (performance.now() - wall) / 1000;
    const heapAfter = process.memoryUsage().heapUsed;
    await poller.stop();
    const details = count('instance.detail') - detailsBefore;
    const requests = count() - before;
    const ideal = WATCHES / (INTERVAL_MS / 1000);
    return {
      title: `Watch poller: ${WATCHES} watches, ${INTERVAL_MS / 1000} s interval, one interval`,
      rows: [
        {
          case: 'baseline: 1,000 detail calls back to back',
          'CPU ms': Math.round(baselineCpu),
          'wall ms': Math.round(baselineWall),
        },
        {
          case: 'poller over one interval',
          'CPU ms': Math.round(pollerCpu),
          'CPU % of one core': Number(((100 * pollerCpu) / (seconds * 1000)).toFixed(2)),
          'CPU vs baseline': Number((pollerCpu / baselineCpu).toFixed(2)),
          'heap MB delta': Number(((heapAfter - heapBefore) / 2 ** 20).toFixed(1)),
          'detail req/s': Number((details / seconds).toFixed(2)),
          'ideal req/s': Number(ideal.toFixed(2)),
          'all req/s': Number((requests / seconds).toFixed(2)),
          'alerts posted': posts,
        },
      ],
      notes:
        'The simulator runs in its own process: CPU is the bot\'s (client, store, leases, rules) alone. "ideal" is one detail request per watch per interval; jitter spreads the first polls over the interval, so one interval sees about one poll per watch.',
    };
  } finally {
    await sim.stop();
  }
}

await runIfEntry(import.meta.url, runBench);

// 10,000 watches over 3 replicas on one Redis (issue 43, goal 5): the real poller of each replica
// (leases, adoption, jittered polls) against an in-process fake hosting API that answers at once and
// records which replica asked for which server when. The replicas start one after another, as a
// rolling deploy starts them. Reports each replica's share of the polls, the requests against the
// ideal (one detail per watch per interval), watches polled twice within half an interval, and,
// after one replica dies (its leases left to lapse, as a killed process leaves them), how long the
// other two take to poll every one of its watches; the baseline is one lease TTL.
// WATCH_REPLICAS_WATCHES (10,000), WATCH_REPLICAS_INTERVAL_MS (60 s) and WATCH_REPLICAS_TTL_MS (15 s)
// change the size, the poll interval and the lease TTL.
import { fakeHostingApi, instanceDetail } from '../test/support/fake-api.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { stopAll } from '../test/support/cleanup.js';
import type { MessageRef } from '../src/core/ports.js';
import type { BotStore } from '../src/core/store.js';
import { openRedisStore } from '../src/store/redis/redis-store.js';
import { createWatchPoller, createWatchService, type WatchPoller } from '../src/watch/index.js';
import type { ChannelPoster } from '../src/core/index.js';
import { goal } from './goals.js';
import { runIfEntry, type BenchReport } from './report.js';
import { round } from './support/stats.js';

const WATCHES = Number(process.env['WATCH_REPLICAS_WATCHES'] ?? 10_000);
const INTERVAL_MS = Number(process.env['WATCH_REPLICAS_INTERVAL_MS'] ?? 60_000);
const TTL_MS = Number(process.env['WATCH_REPLICAS_TTL_MS'] ?? 15_000);
const REPLICAS = 3;
/** Intervals measured in the steady state (after one interval for the first, jittered polls). */
const MEASURED_INTERVALS = 2;

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One detail request: which replica asked, for which server, when (ms, performance clock). */
interface Poll {
  replica: number;
  uuid: string;
  at: number;
}

export async function runBench(): Promise<BenchReport> {
  const redis = await startRedisServer();
  const polls: Poll[] = [];
  const stores: BotStore[] = [];
  const pollers: WatchPoller[] = [];
  const apiOf = (replica: number) =>
    fakeHostingApi({
      instances: {
        async detail(uuid: string) {
          polls.push({ replica, uuid, at: performance.now() });
          return instanceDetail({ uuid, hostname: `node-${Number(uuid.slice(-12))}`, status: 'Running' });
        },
      },
    });
  const poster: ChannelPoster = {
    platform: 'slack',
    post: async (channelId): Promise<MessageRef> => ({ platform: 'slack', channelId, id: 'm' }),
    update: async () => undefined,
  };
  try {
    for (let r = 0; r < REPLICAS; r += 1)
      stores.push(await openRedisStore({ url: redis.url, prefix: 'bench-replicas:' }));
    const service = createWatchService(stores[0]!);
    const by = { platform: 'slack' as const, userId: 'U0BENCH', displayName: 'bench' };
    for (let n = 1; n <= WATCHES; n += 1)
      await service.set('slack', `C${n % 100}`, { instance: { uuid: uuidOf(n), label: `node-${n}` } }, by);
    const started = performance.now();
    for (let r = 0; r < REPLICAS; r += 1) {
      const poller = createWatchPoller({
        api: apiOf(r),
        store: stores[r]!,
        posters: [poster],
        intervalMs: INTERVAL_MS,
        leaseTtlMs: TTL_MS,
        owner: `replica-${r}`,
      });
      pollers.push(poller);
      await poller.start();
    }
    const active = () => pollers.map((p) => p.active().length);
    const activeAtStart = active();
    // Steady state: one interval for the first (jittered) polls, then the measured intervals.
    await sleep(INTERVAL_MS);
    const from = performance.now();
    await sleep(MEASURED_INTERVALS * INTERVAL_MS);
    const to = performance.now();
    const window = polls.filter((p) => p.at >= from && p.at < to);
    const shares = [0, 1, 2].map(
      (r) => window.filter((p) => p.replica === r).length / Math.max(1, window.length),
    );
    const ideal = WATCHES * MEASURED_INTERVALS;
    // Polled twice: two polls of one server (by any replicas) closer than half an interval.
    const lastAt = new Map<string, number>();
    const twice = new Set<string>();
    for (const p of polls.filter((q) => q.at >= started)) {
      const before = lastAt.get(p.uuid);
      if (before !== undefined && p.at - before < INTERVAL_MS / 2) twice.add(p.uuid);
      lastAt.set(p.uuid, p.at);
    }
    // A replica dies (the one holding most): its polls stop, its leases lapse; the others must take every one of its watches.
    const held = active();
    const victim = held.indexOf(Math.max(...held));
    const orphans = new Set(pollers[victim]!.active());
    await pollers[victim]!.stop({ releaseLeases: false });
    const killedAt = performance.now();
    const deadline = killedAt + 3 * TTL_MS + INTERVAL_MS * 1.2;
    let takenMs = Number.POSITIVE_INFINITY;
    const survivors = pollers.filter((_, r) => r !== victim);
    const survivorsHold = () => {
      const now = new Set(survivors.flatMap((p) => p.active()));
      return [...orphans].every((id) => now.has(id));
    };
    while (performance.now() < deadline) {
      if (survivorsHold()) {
        takenMs = performance.now() - killedAt;
        break;
      }
      await sleep(100);
    }
    const maxShareOff = Math.max(...shares.map((s) => Math.abs(s * REPLICAS - 1)));
    return {
      title: `${WATCHES} watches over ${REPLICAS} replicas on one Redis, ${INTERVAL_MS / 1000} s interval, lease TTL ${TTL_MS / 1000} s`,
      rows: [
        ...shares.map((share, r) => ({
          case: `replica ${r}`,
          'watches held at start': activeAtStart[r]!,
          'polls in window': window.filter((p) => p.replica === r).length,
          share: round(share, 3),
        })),
        {
          case: `all (${MEASURED_INTERVALS} intervals)`,
          'polls in window': window.length,
          'ideal polls': ideal,
          'vs ideal': round(window.length / ideal, 3),
          'polled twice within ½ interval': twice.size,
          'watches of the killed replica': orphans.size,
          'taken over in s': Number.isFinite(takenMs) ? round(takenMs / 1000, 1) : 'not within the wait',
        },
      ],
      goals: [
        goal({
          goal: '5 each replica’s share of the polls, off ⅓ by at most',
          figure: round(maxShareOff, 3),
          baseline: `shares ${shares.map((s) => round(s, 3)).join(' / ')}`,
          bound: '≤ 0.1',
        }),
        goal({
          goal: '5 detail requests vs ideal, off by at most',
          figure: round(Math.abs(window.length / ideal - 1), 3),
          baseline: `${window.length} / ${ideal}`,
          bound: '≤ 0.05',
        }),
        goal({
          goal: '5 watches polled twice within ½ interval',
          figure: twice.size,
          baseline: `${WATCHES} watches`,
          bound: '= 0',
        }),
        goal({
          goal: '5 killed replica’s watches taken over',
          figure: round(takenMs / 1000, 1),
          baseline: `TTL; ${orphans.size} watches`,
          bound: `≤ ${TTL_MS / 1000}`,
          unit: 's',
        }),
      ],
      notes: `Replicas started one after another (each start() awaited, as a rolling deploy starts them), then one interval for the jittered first polls, then ${MEASURED_INTERVALS} intervals measured. "Taken over": from the kill (its leases left to lapse) until the two others hold every watch it held. The hosting API is an in-process fake that answers at once.`,
    };
  } finally {
    await stopAll(...pollers.map((p) => () => p.stop()), ...stores.map((s) => () => s.close()), () =>
      redis.stop(),
    );
  }
}

await runIfEntry(import.meta.url, runBench);

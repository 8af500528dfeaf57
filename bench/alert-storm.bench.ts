// The alert storm (issues 24 and 43): the watched servers of one channel failing at once, polled by
// several replicas (the real watch module: poller, leases, storm groups, per-channel pacer, PagerDuty
// pager) sharing one Redis store, against the single-incident case of the same fleet in the same run
// (one server fails). Two fleets: 500 servers over 2 replicas, 2,000 over 3. Reports channel posts,
// card edits, pages, the delay from the failure to the first channel message that shows each
// incident (a post, or a group-card edit whose failing count covers it), and the bot's CPU (every
// replica runs in this process; the hosting API and platform are fakes).
// ALERT_STORM_FLEETS ("500x2,2000x3": servers × replicas) and ALERT_STORM_INTERVAL_MS (2 s) change them.
import { stopAll } from '../test/support/cleanup.js';
import { fakeHostingApi, instanceDetail } from '../test/support/fake-api.js';
import { startRedisServer } from '../test/support/redis-server.js';
import type { MessageRef } from '../src/core/ports.js';
import type { BotStore } from '../src/core/store.js';
import type { PagerDuty } from '../src/paging/pagerduty.js';
import type { Message } from '../src/render/message.js';
import { openRedisStore } from '../src/store/redis/redis-store.js';
import { createWatching, type Watching } from '../src/watch/index.js';
import type { ChannelPoster } from '../src/core/index.js';
import { runIfEntry, type BenchReport } from './report.js';
import { goal, type GoalRow } from './goals.js';
import { percentile, round } from './support/stats.js';

/** The fleets stormed: servers × replicas. */
const FLEETS = (process.env['ALERT_STORM_FLEETS'] ?? '500x2,2000x3').split(',').map((fleet) => {
  const [servers, replicas] = fleet.split('x').map(Number) as [number, number];
  return { servers, replicas };
});
const INTERVAL_MS = Number(process.env['ALERT_STORM_INTERVAL_MS'] ?? 2_000);
/** How long the failure lasts, then how long recovery is given. */
const STORM_MS = 15_000;
const RECOVERY_MS = 20_000;
const CHANNEL = 'C0STORM';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many failing incidents a channel message shows: a group card's count, or 1 for one server's card. */
function shownCount(message: Message): number {
  const title = message.title ?? '';
  const group = /(\d+) servers? (?:need|needs) attention/.exec(title);
  if (group) return Number(group[1]);
  return /needs attention/.test(title) ? 1 : 0;
}

interface CaseResult {
  posts: number;
  /** Posts by what they are: alert or group cards, recoveries, anything else (delay notices, reminders). */
  postKinds: string;
  /** Incidents no channel message showed before recovery (p99 is over those shown). */
  unshown: number;
  edits: number;
  /** Trigger events sent, and the distinct pages (dedup keys) they opened or updated. */
  triggers: number;
  pages: number;
  resolves: number;
  delays: number[];
  cpuMs: number;
  maxPostsIn5s: number;
  maxPostsIn1s: number;
}

/** The most of `times` (ms) that fall in any window of `ms`. */
const mostWithin = (times: number[], ms: number): number =>
  Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));

async function runCase(
  redisUrl: string,
  prefix: string,
  fleet: { servers: number; replicas: number },
  failing: number,
): Promise<CaseResult> {
  const status = new Map<string, string>();
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        const n = Number(uuid.slice(-12));
        return instanceDetail({ uuid, hostname: `node-${n}`, status: status.get(uuid) ?? 'Running' });
      },
    },
  });
  const events: { at: number; kind: 'post' | 'update'; message: Message }[] = [];
  let seq = 0;
  // The platform: answers at once and records what reached the channel and when.
  const poster = (): ChannelPoster => ({
    platform: 'slack',
    async post(channelId, message): Promise<MessageRef> {
      events.push({ at: performance.now(), kind: 'post', message });
      return { platform: 'slack', channelId, id: `m${(seq += 1)}` };
    },
    async update(_ref, message) {
      events.push({ at: performance.now(), kind: 'update', message });
    },
  });
  let triggers = 0;
  let resolves = 0;
  // A page is one PagerDuty incident (one dedup key); a trigger with a key already sent updates it.
  const pages = new Set<string>();
  const pagerDuty: PagerDuty = {
    trigger: async (event) => ((triggers += 1), pages.add(event.dedupKey), { ok: true }),
    acknowledge: async () => ({ ok: true }),
    resolve: async () => ((resolves += 1), { ok: true }),
  };
  const stores: BotStore[] = [];
  const replicas: Watching[] = [];
  try {
    for (const name of 'abcdefghij'.slice(0, fleet.replicas)) {
      const store = await openRedisStore({ url: redisUrl, prefix });
      stores.push(store);
      replicas.push(
        createWatching({ api, store, intervalMs: INTERVAL_MS, owner: name, leaseTtlMs: 15_000, pagerDuty }),
      );
    }
    const by = { platform: 'slack' as const, userId: 'U0BENCH', displayName: 'bench' };
    for (let n = 1; n <= fleet.servers; n += 1)
      await replicas[0]!.service.set(
        'slack',
        CHANNEL,
        { instance: { uuid: uuidOf(n), label: `node-${n}` } },
        by,
      );
    for (const replica of replicas) await replica.start([poster()]);
    await sleep(INTERVAL_MS * 1.5); // every watch polled healthy at least once
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let n = 1; n <= failing; n += 1) status.set(uuidOf(n), 'Error');
    await sleep(STORM_MS);
    status.clear();
    await sleep(RECOVERY_MS);
    const used = process.cpuUsage(cpu);
    const during = events.filter((e) => e.at >= t0);
    // The k-th incident is shown by the first message whose failing count reaches k.
    const delays: number[] = [];
    for (let k = 1; k <= failing; k += 1) {
      const first = during.find((e) => shownCount(e.message) >= k);
      if (first) delays.push(first.at - t0);
    }
    const postTimes = during.filter((e) => e.kind === 'post').map((e) => e.at);
    const maxPostsIn5s = mostWithin(postTimes, 5_000);
    const maxPostsIn1s = mostWithin(postTimes, 1_000);
    const posted = during.filter((e) => e.kind === 'post').map((e) => e.message);
    const cards = posted.filter((m) => shownCount(m) > 0).length;
    const recoveries = posted.filter((m) => /recovered/.test(m.summary ?? m.title ?? '')).length;
    return {
      posts: postTimes.length,
      postKinds: `${cards}/${recoveries}/${posted.length - cards - recoveries}`,
      unshown: failing - delays.length,
      edits: during.filter((e) => e.kind === 'update').length,
      triggers,
      pages: pages.size,
      resolves,
      delays: delays.sort((a, b) => a - b),
      cpuMs: (used.user + used.system) / 1000,
      maxPostsIn5s,
      maxPostsIn1s,
    };
  } finally {
    await stopAll(...replicas.map((r) => () => r.stop()), ...stores.map((s) => () => s.close()));
  }
}

/** Goal 4's rows for one fleet: 500 × 2 keeps issue 24's figures, 2,000 × 3 meets issue 43's bounds. */
function fleetGoals(
  fleet: { servers: number; replicas: number },
  single: CaseResult,
  storm: CaseResult,
): GoalRow[] {
  const name = `4 storm of ${fleet.servers} over ${fleet.replicas} replicas`;
  const cpu = goal({
    goal: `${name}: CPU ÷ one incident`,
    figure: round(storm.cpuMs / single.cpuMs),
    baseline: round(single.cpuMs, 0),
    bound: '≤ 2',
    unit: '×',
    baselineUnit: 'ms',
  });
  const pages = goal({
    goal: `${name}: pages (dedup keys triggered)`,
    figure: storm.pages,
    baseline: single.pages,
    bound: '= 1',
  });
  // Unshown incidents make the slowest delay infinite: "every incident shown within 10 s".
  const slowest = storm.unshown > 0 ? Number.POSITIVE_INFINITY : (storm.delays.at(-1) ?? 0) / 1000;
  if (fleet.servers <= 500)
    return [
      goal({ goal: `${name}: channel posts`, figure: storm.posts, baseline: single.posts, bound: '≤ 2' }),
      goal({ goal: `${name}: card edits`, figure: storm.edits, baseline: single.edits, bound: '≤ 4' }),
      pages,
      cpu,
    ];
  return [
    goal({ goal: `${name}: channel posts`, figure: storm.posts, baseline: single.posts, bound: '≤ 3' }),
    goal({
      goal: `${name}: most posts in any 1 s`,
      figure: storm.maxPostsIn1s,
      baseline: single.maxPostsIn1s,
      bound: '≤ 1',
    }),
    pages,
    cpu,
    goal({
      goal: `${name}: slowest incident shown (s)`,
      figure: slowest,
      baseline: round((single.delays.at(-1) ?? 0) / 1000),
      bound: '≤ 10',
      unit: 's',
    }),
  ];
}

/** Runs the benchmark: per fleet the single incident first (the baseline), then the storm; about 80 s a fleet. */
export async function runBench(): Promise<BenchReport> {
  const redis = await startRedisServer();
  try {
    const rows: Record<string, string | number>[] = [];
    const goals: GoalRow[] = [];
    for (const fleet of FLEETS) {
      const tag = `${fleet.servers}x${fleet.replicas}`;
      const single = await runCase(redis.url, `bench-single-${tag}:`, fleet, 1);
      const storm = await runCase(redis.url, `bench-storm-${tag}:`, fleet, fleet.servers);
      const of = `${fleet.servers} over ${fleet.replicas} replicas`;
      rows.push(
        row(`baseline: one incident of ${of}`, single, 1, single),
        row(`storm: all ${of} fail at once`, storm, fleet.servers, single),
      );
      goals.push(...fleetGoals(fleet, single, storm));
    }
    return {
      title: `Alert storm: the watched servers of one channel, replicas on one Redis, ${INTERVAL_MS / 1000} s poll interval`,
      rows,
      goals,
      notes: `Each case: every watch of the fleet polled by its replicas; ${STORM_MS / 1000} s failing, then ${RECOVERY_MS / 1000} s recovered; posts, edits and pages counted from the failure on (recovery notices included). Delay: from the failure to the first channel message showing the incident (its card, or a group-card edit whose failing count covers it), so it includes up to one poll interval and the pacer's one edit per card per 5 s; "never shown": incidents no card or group-card count covered before they recovered (p50/p99 are over the others). CPU: every replica (this process) over the failure and recovery window; the hosting API and Slack are in-process fakes that answer at once.`,
    };
  } finally {
    await redis.stop();
  }
}

function row(
  name: string,
  r: CaseResult,
  failing: number,
  single: CaseResult,
): Record<string, string | number> {
  return {
    case: name,
    'failing servers': failing,
    'channel posts': r.posts,
    'cards/recoveries/other': r.postKinds,
    'max posts in 5 s': r.maxPostsIn5s,
    'card edits': r.edits,
    'pages (keys / triggers / resolves)': `${r.pages} / ${r.triggers} / ${r.resolves}`,
    'p50 delay ms': round(percentile(r.delays, 50), 0),
    'p99 delay ms': round(percentile(r.delays, 99), 0),
    'never shown': r.unshown,
    'CPU ms': round(r.cpuMs, 0),
    'CPU vs single': round(r.cpuMs / single.cpuMs),
    'max posts in 1 s': r.maxPostsIn1s,
    'max delay ms': r.unshown > 0 ? 'never' : round(r.delays.at(-1) ?? 0, 0),
  };
}

await runIfEntry(import.meta.url, runBench);

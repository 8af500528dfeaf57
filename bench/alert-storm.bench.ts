// The alert storm (issue 24): 500 watched servers of one channel failing at once, polled by two
// replicas (the real watch module: poller, leases, storm groups, per-channel pacer, PagerDuty pager)
// sharing one Redis store, against the single-incident case in the same run (one of the 500 fails).
// Reports channel posts, card edits, pages, the p99 delay from the failure to the first channel
// message that shows each incident (a post, or a group-card edit whose failing count covers it),
// and the bot's CPU (both replicas run in this process; the hosting API and platform are fakes).
// ALERT_STORM_SERVERS and ALERT_STORM_INTERVAL_MS change the size and the poll interval (2 s).
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
import { percentile, round } from './support/stats.js';

const SERVERS = Number(process.env['ALERT_STORM_SERVERS'] ?? 500);
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
  triggers: number;
  resolves: number;
  delays: number[];
  cpuMs: number;
  maxPostsIn5s: number;
}

async function runCase(redisUrl: string, prefix: string, failing: number): Promise<CaseResult> {
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
  const pagerDuty: PagerDuty = {
    trigger: async () => ((triggers += 1), { ok: true }),
    acknowledge: async () => ({ ok: true }),
    resolve: async () => ((resolves += 1), { ok: true }),
  };
  const stores: BotStore[] = [];
  const replicas: Watching[] = [];
  try {
    for (const name of ['a', 'b']) {
      const store = await openRedisStore({ url: redisUrl, prefix });
      stores.push(store);
      replicas.push(
        createWatching({ api, store, intervalMs: INTERVAL_MS, owner: name, leaseTtlMs: 15_000, pagerDuty }),
      );
    }
    const by = { platform: 'slack' as const, userId: 'U0BENCH', displayName: 'bench' };
    for (let n = 1; n <= SERVERS; n += 1)
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
    const maxPostsIn5s = Math.max(
      0,
      ...postTimes.map((t) => postTimes.filter((u) => u >= t && u < t + 5_000).length),
    );
    const posted = during.filter((e) => e.kind === 'post').map((e) => e.message);
    const cards = posted.filter((m) => shownCount(m) > 0).length;
    const recoveries = posted.filter((m) => /recovered/.test(m.summary ?? m.title ?? '')).length;
    return {
      posts: postTimes.length,
      postKinds: `${cards}/${recoveries}/${posted.length - cards - recoveries}`,
      unshown: failing - delays.length,
      edits: during.filter((e) => e.kind === 'update').length,
      triggers,
      resolves,
      delays: delays.sort((a, b) => a - b),
      cpuMs: (used.user + used.system) / 1000,
      maxPostsIn5s,
    };
  } finally {
    await stopAll(...replicas.map((r) => () => r.stop()), ...stores.map((s) => () => s.close()));
  }
}

/** Runs the benchmark: the single incident first (the baseline), then the storm; about 100 s. */
export async function runBench(): Promise<BenchReport> {
  const redis = await startRedisServer();
  try {
    const single = await runCase(redis.url, 'bench-single:', 1);
    const storm = await runCase(redis.url, 'bench-storm:', SERVERS);
    const row = (name: string, r: CaseResult, failing: number) => ({
      case: name,
      'failing servers': failing,
      'channel posts': r.posts,
      'cards/recoveries/other': r.postKinds,
      'max posts in 5 s': r.maxPostsIn5s,
      'card edits': r.edits,
      'pages (trigger/resolve)': `${r.triggers}/${r.resolves}`,
      'p50 delay ms': round(percentile(r.delays, 50), 0),
      'p99 delay ms': round(percentile(r.delays, 99), 0),
      'never shown': r.unshown,
      'CPU ms': round(r.cpuMs, 0),
      'CPU vs single': round(r.cpuMs / single.cpuMs),
    });
    return {
      title: `Alert storm: ${SERVERS} watched servers of one channel, two replicas on one Redis, ${INTERVAL_MS / 1000} s poll interval`,
      rows: [
        row('baseline: one incident', single, 1),
        row(`storm: all ${SERVERS} fail at once`, storm, SERVERS),
      ],
      notes: `Each case: ${SERVERS} watches polled by two replicas; ${STORM_MS / 1000} s failing, then ${RECOVERY_MS / 1000} s recovered; posts, edits and pages counted from the failure on (recovery notices included). Delay: from the failure to the first channel message showing the incident (its card, or a group-card edit whose failing count covers it), so it includes up to one poll interval and the pacer's one edit per card per 5 s; "never shown": incidents no card or group-card count covered before they recovered (p50/p99 are over the others). CPU: both replicas (this process) over the failure and recovery window; the hosting API and Slack are in-process fakes that answer at once.`,
    };
  } finally {
    await redis.stop();
  }
}

await runIfEntry(import.meta.url, runBench);

// Polls every watch from exactly one replica: a replica polls a watch only while it holds the
// watch's lease, renews it while polling, and adopts watches whose lease lapsed (new watches, a
// dead replica, a restart) — the operation tracker's pattern. Polls are jittered over the interval
// and back off on 429 and failures. The periodic pass that adopts watches also looks for ended
// silences (silence-ends.ts). start() / stop() make the lifecycle explicit; timers are unref'd.
import type { AlertChartRenderer } from './cards/alert-chart.js';
import type { Locale } from '../core/index.js';
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import { lease, type Lease, type Platform, type BotStore, type TenantScope } from '../core/index.js';
import { SINGLE_TENANT } from '../core/kit/index.js';
import { DEFAULT_RULES, type RuleSettings } from './rules/alert-rules.js';
import { pollOnce } from './poll-once.js';
import type { PollDeps, PollOutcome } from './poll-deps.js';
import { announceEndedSilencesEverywhere } from './silence-ends.js';
import { createLossNotices } from './loss-notice.js';
import type { IncidentPager } from './delivery/incident-pages.js';
import type { GroupBook } from './books/group-book.js';
import type { GroupingDeps } from './group-show.js';
import { NO_ALERT_METRICS, type AlertMetrics } from './ports.js';
import { type ChannelPoster } from '../core/index.js';
import { watchBook } from './books/watch-book.js';
import type { ReminderSettings } from './reminders.js';

/** Settings of createWatchPoller; times in milliseconds. */
export interface WatchPollerOptions {
  api: HostingApi;
  store: BotStore;
  /** One poster per platform this replica can post to; other platforms' watches are left to others. */
  posters: ChannelPoster[];
  metrics?: AlertMetrics;
  /** Poll interval per watch (VPSOPS_WATCH_INTERVAL_SECONDS × 1000; tests use ms). Default 60 s. */
  intervalMs?: number;
  /** Lease owner id of this process (default random). */
  owner?: string;
  /** Lease lifetime unless renewed (default 30 s; renewed every third of it). */
  leaseTtlMs?: number;
  /** How often watches without a live poller are looked for (default 10 s, or the interval if shorter). */
  adoptIntervalMs?: number;
  /** OAuth mode: each watch is polled as its tenant's (its key, its token, its state). */
  tenants?: TenantScope;
  now?: () => number;
  /** Random source in [0, 1) for jitter (tests make it deterministic). */
  random?: () => number;
  rules?: RuleSettings;
  /** Pages incidents out (see incident-pages.ts). */
  pager?: IncidentPager;
  /** The channels' storm groups (group-book.ts); absent: no grouping. */
  groups?: GroupBook;
  /** The last change made through the bot on a server, named on group cards. */
  recentChange?: GroupingDeps['recentChange'];
  /** How reminders read and whom they mention (reminders.ts). */
  reminders?: ReminderSettings;
  /** The policy file's runbook for a hostname, linked from alert cards. */
  runbookFor?: (hostname: string) => string | undefined;
  /** Waits between attempts to deliver an alert (default 1 s, 4 s). */
  retryDelaysMs?: readonly number[];
  /** The language of channels without a `language` setting (VPSOPS_LOCALE). */
  locale?: Locale;
  /** Draws the chart posted under a new cpu / memory alert (the bot's chart renderer); absent: none. */
  charts?: AlertChartRenderer;
  logger?: { warn(detail: Record<string, unknown>, message: string): void };
}

/** The running poller. */
export interface WatchPoller {
  start(): Promise<void>;
  /** Ids of the watches this replica polls now. */
  active(): string[];
  /**
   * Stops polling and gives the leases up so another replica takes over at once; with
   * `releaseLeases: false` they are left to lapse, as when the process dies (tests of adoption).
   */
  stop(options?: { releaseLeases?: boolean }): Promise<void>;
}

/** The lease under which one replica polls one watch. */
export const watchLease = (id: string): string => `watch:${id}`;

/** Backoff factor after `failures` failed or rate-limited polls in a row: 1, 2, 4, at most 8. */
export function backoffFactor(failures: number): number {
  return 2 ** Math.min(Math.max(failures, 0), 3);
}

/**
 * Delay factor of the next poll after `failures` failed polls in a row: no backoff until the outage
 * notice is due (after `unreachableAfter` failures), so it comes within that many intervals of the
 * first failure; backoff slows only the repeats after it.
 */
export function pollDelayFactor(failures: number, unreachableAfter: number): number {
  return backoffFactor(failures - unreachableAfter + 1);
}

/** Builds the poller; nothing runs before start(). */
export function createWatchPoller(options: WatchPollerOptions): WatchPoller {
  const intervalMs = options.intervalMs ?? 60_000;
  const tenants = options.tenants ?? SINGLE_TENANT;
  const leaseTtlMs = options.leaseTtlMs ?? 30_000;
  const adoptIntervalMs = options.adoptIntervalMs ?? Math.min(10_000, intervalMs);
  const owner = options.owner ?? randomUUID();
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const { store } = options;
  const book = watchBook(store);
  const posters = new Map<Platform, ChannelPoster>(options.posters.map((p) => [p.platform, p]));
  const metrics = options.metrics ?? NO_ALERT_METRICS;
  const warn = (message: string, detail: Record<string, unknown>): void =>
    options.logger?.warn(detail, message);
  const running = new Map<string, { timer?: NodeJS.Timeout; failures: number; lease: Lease }>();
  let stopped = true;
  let adopting: NodeJS.Timeout | undefined;
  const inflight = new Set<Promise<void>>();

  const release = (id: string): void => {
    const entry = running.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    running.delete(id);
    void entry?.lease.release().catch(() => undefined);
  };

  // A lost lease (another replica took over after a stall) stops polling here.
  const watchLeased = (id: string): Lease =>
    lease(store.leases, watchLease(id), owner, leaseTtlMs, {
      onLost: () => {
        const entry = running.get(id);
        if (entry?.timer) clearTimeout(entry.timer);
        running.delete(id);
      },
      onError: (error) => warn('watch: lease renewal failed', { err: error }),
    });

  const schedule = (id: string, delayMs: number): void => {
    const entry = running.get(id);
    if (!entry || stopped) return;
    entry.timer = setTimeout(() => {
      const work = tick(id);
      inflight.add(work);
      void work.finally(() => inflight.delete(work));
    }, delayMs);
    entry.timer.unref();
  };

  const tick = async (id: string): Promise<void> => {
    const entry = running.get(id);
    if (!entry || stopped) return;
    let outcome: PollOutcome = 'failed';
    try {
      const watch = await book.watches.get(id);
      const poster = watch ? posters.get(watch.platform) : undefined;
      if (!watch || !poster) return release(id);
      const deps: PollDeps = { api: options.api, store, book, poster, metrics, now, warn };
      if (options.rules) deps.rules = options.rules;
      if (options.pager) deps.pager = options.pager;
      if (options.groups) deps.groups = options.groups;
      if (options.recentChange) deps.recentChange = options.recentChange;
      if (options.runbookFor) deps.runbookFor = options.runbookFor;
      if (options.retryDelaysMs) deps.retryDelaysMs = options.retryDelaysMs;
      if (options.reminders) deps.reminders = options.reminders;
      if (options.locale) deps.locale = options.locale;
      if (options.charts) deps.charts = options.charts;
      outcome = await pollOnce(deps, watch);
    } catch (error) {
      warn('watch: poll failed', { err: error, watch: id });
    }
    entry.failures = outcome === 'ok' ? 0 : entry.failures + 1;
    const factor = pollDelayFactor(entry.failures, (options.rules ?? DEFAULT_RULES).unreachableAfter);
    schedule(id, intervalMs * factor * (0.9 + 0.2 * random()));
  };

  // One pass: take every watch this replica can post for whose lease is free; first poll jittered.
  const adopt = async (): Promise<void> => {
    const watches = await book.watches.list();
    metrics.watches(watches.length);
    for (const watch of watches) {
      if (stopped || running.has(watch.id) || !posters.has(watch.platform)) continue;
      // The polls scheduled here (timers keep their async context) run as the watch's tenant.
      await tenants.run(watch.tenant, async () => {
        const held = watchLeased(watch.id);
        if (!(await held.take())) return;
        if (stopped) return void held.release().catch(() => undefined);
        running.set(watch.id, { failures: 0, lease: held });
        held.keep();
        schedule(watch.id, random() * intervalMs);
      });
      if (stopped) return;
    }
  };

  // One look at a time (a slow post must not start a second); stop() waits for the one under way.
  let announcing: Promise<void> | undefined;
  // What the pass's notices (a silence's end, watches lost with the store's data) post with.
  const noticeDeps = {
    store,
    posters: [...posters.values()],
    metrics,
    tenants,
    warn,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  };
  const announceEnded = (): Promise<void> =>
    (announcing ??= announceEndedSilencesEverywhere({ ...noticeDeps, now: now() })
      .catch((error: unknown) => warn('watch: announcing an ended silence failed', { err: error }))
      .finally(() => (announcing = undefined)));

  // Watches and silences gone with the store's data are told to their channels (loss-notice.ts).
  const losses = createLossNotices({ ...noticeDeps, now });
  // The periodic pass: adopt watches whose lease is free, tell the end of silences and a data loss.
  const pass = async (): Promise<void> => {
    await Promise.all([
      adopt().catch((error: unknown) => warn('watch: adopting failed', { err: error })),
      announceEnded(),
      losses.look().catch((error: unknown) => warn('watch: looking for lost watches failed', { err: error })),
    ]);
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await pass();
      adopting = setInterval(() => void pass(), adoptIntervalMs);
      adopting.unref();
    },
    active: () => [...running.keys()],
    async stop(stopOptions = {}) {
      stopped = true;
      clearInterval(adopting);
      await announcing;
      // Polls under way finish (their posts and state writes) before the leases are given up.
      await Promise.allSettled([...inflight]);
      for (const [id, entry] of [...running]) {
        if (stopOptions.releaseLeases === false) {
          clearTimeout(entry.timer);
          entry.lease.abandon();
          running.delete(id);
        } else release(id);
      }
    },
  };
}

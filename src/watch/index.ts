// The watch module assembled: the WatchService (with its alert actions) the core takes, and the poller,
// started once the chat adapters (and so the channel posters) exist and stopped on close.
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import type { AuditLog, BotStore, Locale, Platform, WatchService } from '../core/index.js';
import { DEFAULT_RULES } from './rules/alert-rules.js';
import type { ReminderSettings } from './reminders.js';
import { createAlertActions } from './alert-buttons.js';
import { createWatchPoller, type WatchPoller, type WatchPollerOptions } from './poller.js';
import { NO_ALERT_METRICS, type AlertMetrics } from './ports.js';
import type { ChannelPoster } from '../core/index.js';
import { createWatchService, watchBook } from './books/watch-book.js';
import { createIncidentPager, type IncidentPager } from './delivery/incident-pages.js';
import type { PagerDuty } from '../paging/pagerduty.js';
import { startFleetSweeper, type FleetSweeper } from './fleet-sweeper.js';
import { createFleetWatches } from './fleet-watches.js';
import { INSTANCE_LIST_TTL_MS } from '../core/kit/index.js';
import { groupBook, type GroupBook } from './books/group-book.js';
import { closeOnUnwatch } from './unwatch-close.js';
import { openIncidents } from './channel-incidents.js';
import { recentChange } from './cards/recent-change.js';
import { DEFAULT_GROUP_WINDOW_MS } from './rules/storm-groups.js';
import { pacedPoster } from './delivery/paced-poster.js';
import type { PacingSettings } from './rules/pacing.js';
import { watchLocale } from './poll-deps.js';
import { liveCardService, type LiveCardDeps } from './live-cards.js';
import { startLiveCardUpdater, type LiveCardUpdater } from './live-card-updater.js';
import { SINGLE_TENANT, waitingIn } from '../core/kit/index.js';
import { pageTeller } from './story-record.js';

export { DELIVERY_FAILURES, NO_ALERT_METRICS, type AlertMetrics } from './ports.js';
export { createWatchPoller, watchLease, type WatchPoller } from './poller.js';
export { WATCH_COLLECTIONS } from './types.js';
export { alertCommand } from './cards/alert-card.js';
export { DEFAULT_PACING, type PacingSettings } from './rules/pacing.js';
// The parts the storm rig and the benchmarks assemble by hand (test/support/storm-rig.ts).
export { createWatchService, watchBook, watchId } from './books/watch-book.js';
export { groupBook, type GroupBook } from './books/group-book.js';
export { createIncidentPager, type IncidentPager } from './delivery/incident-pages.js';
export { createAlertActions } from './alert-buttons.js';
export { closeOnUnwatch } from './unwatch-close.js';
export { pageTeller } from './story-record.js';
export { pollOnce } from './poll-once.js';
export type { PollDeps } from './poll-deps.js';
export { announceEndedSilencesEverywhere } from './silence-ends.js';
export { liveCardService, refreshLiveCards, type LiveCardDeps } from './live-cards.js';
export { liveCards } from './books/live-card-book.js';

/** Settings of createWatching; poller options pass through (intervalMs in ms). */
export type WatchingOptions = Omit<
  WatchPollerOptions,
  'posters' | 'metrics' | 'pager' | 'groups' | 'recentChange' | 'reminders'
> & {
  /** Re-notify unacknowledged alerts this often (VPSOPS_ALERT_RENOTIFY_MINUTES; 0: never). Default 30 min. */
  renotifyMs?: number;
  /** The on-call team a channel's reminders mention (the policy file's `oncall:`). */
  oncall?: ReminderSettings['oncall'];
  /** The language of reminders (VPSOPS_LOCALE). */
  locale?: Locale;
  metrics?: AlertMetrics;
  /** Pages incidents out when given (PAGERDUTY_ROUTING_KEY set). */
  pagerDuty?: PagerDuty;
  /** The instance list's TTL: also how often fleet watches (`watch --all`) are swept (default 60 s). */
  instanceListTtlMs?: number;
  /** Incidents opening this close together in one channel share one card (VPSOPS_ALERT_GROUP_WINDOW_SECONDS). */
  groupWindowMs?: number;
  /** The audit trail, to name the last change made through the bot on an alerting server. */
  audit?: AuditLog;
  /** How alerts, edits and notices are paced per channel (default DEFAULT_PACING; tests pass shorter edit intervals). */
  pacing?: PacingSettings;
  /** At most one edit of a channel's live status card per this many ms (default 10 s; tests pass less). */
  liveEditIntervalMs?: number;
};

/** Watches as the app uses them. */
export interface Watching {
  service: WatchService;
  /** Starts polling, posting through these posters (one per platform); a second call is ignored. */
  start(posters: ChannelPoster[]): Promise<WatchPoller>;
  stop(options?: { releaseLeases?: boolean }): Promise<void>;
}

type WatchingSetup = WatchingOptions & { api: HostingApi; store: BotStore };

/** What the service and the poller share: the posters once started, the pager, the groups, the channels' language. */
interface Wiring {
  options: WatchingSetup;
  metrics: AlertMetrics;
  now: () => number;
  /** This replica's paced posters, one per platform, once started. */
  posters: ChannelPoster[];
  posterFor(platform: Platform): ChannelPoster | undefined;
  pager: IncidentPager | undefined;
  groups: GroupBook;
  localeOf(where: { platform: Platform; channelId: string; id?: string }): Promise<Locale>;
  warn(message: string, detail: Record<string, unknown>): void;
}

/** Builds the service at once; the poller waits for start(). */
export function createWatching(options: WatchingSetup): Watching {
  const wiring = wire(options);
  const { service, fleetDeps, liveDeps } = watchService(wiring);
  let poller: WatchPoller | undefined;
  let sweeper: FleetSweeper | undefined;
  let live: LiveCardUpdater | undefined;
  return {
    service,
    async start(list) {
      if (poller) return poller;
      // Every alert, edit and notice leaves through one pacer per channel, shared via the store.
      wiring.posters.push(...list.map((poster) => paced(wiring, poster)));
      poller = createPoller(wiring);
      await poller.start();
      sweeper = startFleetSweeper(fleetDeps, {
        owner: options.owner ?? randomUUID(),
        intervalMs: options.instanceListTtlMs ?? INSTANCE_LIST_TTL_MS,
        warn: wiring.warn,
      });
      live = startLiveCardUpdater(liveDeps, {
        owner: options.owner ?? randomUUID(),
        leaseTtlMs: options.leaseTtlMs ?? 30_000,
      });
      return poller;
    },
    async stop(stopOptions) {
      await live?.stop(stopOptions?.releaseLeases === false ? { releaseLease: false } : {});
      await sweeper?.stop();
      await poller?.stop(stopOptions);
    },
  };
}

function wire(options: WatchingSetup): Wiring {
  const metrics = options.metrics ?? NO_ALERT_METRICS;
  const now = options.now ?? Date.now;
  const posters: ChannelPoster[] = [];
  const warn = (message: string, detail: Record<string, unknown>) => options.logger?.warn(detail, message);
  const localeOption = options.locale ? { locale: options.locale } : {};
  const groups = groupBook(options.store, options.groupWindowMs ?? DEFAULT_GROUP_WINDOW_MS, now);
  const pager = options.pagerDuty
    ? createIncidentPager({
        pagerDuty: options.pagerDuty,
        state: options.store.ephemeral,
        count: (action, outcome) => metrics.paged?.(action, outcome),
        warn,
        told: pageTeller(options.store, warn, now, groups),
      })
    : undefined;
  return {
    options,
    metrics,
    now,
    posters,
    posterFor: (platform) => posters.find((p) => p.platform === platform),
    pager,
    groups,
    localeOf: (where) => watchLocale({ store: options.store, ...localeOption, warn }, where),
    warn,
  };
}

/** The WatchService with its fleet watches, open incidents and alert actions. */
function watchService(wiring: Wiring) {
  const { options, metrics, now, pager, groups, posterFor, localeOf, warn } = wiring;
  // Asked of this replica's poster for the platform; none yet (before start, exec) → not checked.
  const checkChannel = async (platform: Platform, channelId: string): Promise<string | null> =>
    (await posterFor(platform)?.checkChannel?.(channelId)) ?? null;
  // An unwatched server's storms and cards are closed through this replica's poster for its platform.
  const unwatched = closeOnUnwatch({
    groups,
    state: options.store.ephemeral,
    ...(pager ? { pager } : {}),
    posterFor,
    localeOf,
    now,
    warn,
  });
  const service = createWatchService(options.store, metrics, now, checkChannel, unwatched);
  const fleetDeps = {
    api: options.api,
    store: options.store,
    watches: service,
    now,
    checkChannel,
    ...(options.instanceListTtlMs !== undefined ? { ttlMs: options.instanceListTtlMs } : {}),
    ...(options.tenants ? { tenants: options.tenants } : {}),
  };
  service.fleet = createFleetWatches(fleetDeps);
  service.openIncidents = (platform, channelId, locale) =>
    openIncidents(options.store, groups, platform, channelId, locale);
  service.alerts = createAlertActions(
    watchBook(options.store),
    posterFor,
    now,
    pager ? (watchId, kind) => pager.acknowledged(watchId, kind) : undefined,
    groups,
    localeOf,
  );
  const tenants = options.tenants ?? SINGLE_TENANT;
  // The live status card shows what `status` shows: incidents, the channel's silences, confirmations waiting.
  const liveDeps: LiveCardDeps = {
    store: options.store,
    posterFor,
    tenants,
    now,
    warn,
    ...(options.liveEditIntervalMs !== undefined ? { editIntervalMs: options.liveEditIntervalMs } : {}),
    facts: async (where, locale) => ({
      incidents: await openIncidents(options.store, groups, where.platform, where.channelId, locale),
      silences: (await service.silences?.list(locale, where)) ?? [],
      pending: await waitingIn(options.store, where, now(), tenants.current()),
    }),
  };
  service.live = liveCardService(liveDeps);
  return { service, fleetDeps, liveDeps };
}

/** `poster` paced per channel, its delay notice in the channel's language. */
function paced(wiring: Wiring, poster: ChannelPoster): ChannelPoster {
  const { options, metrics } = wiring;
  return pacedPoster(poster, {
    store: options.store,
    now: wiring.now,
    warn: wiring.warn,
    ...(options.pacing ? { settings: options.pacing } : {}),
    count: (platform, method, outcome, delay) => metrics.outbound?.(platform, method, outcome, delay),
    localeOf: (channelId) => wiring.localeOf({ platform: poster.platform, channelId }),
  });
}

function createPoller(wiring: Wiring): WatchPoller {
  const { options, pager } = wiring;
  const { audit, oncall, renotifyMs } = options;
  const rules = options.rules ?? DEFAULT_RULES;
  return createWatchPoller({
    ...options,
    metrics: wiring.metrics,
    posters: wiring.posters,
    rules: renotifyMs === undefined ? rules : { ...rules, renotifyMs },
    reminders: { locale: options.locale ?? 'en', ...(oncall ? { oncall } : {}) },
    groups: wiring.groups,
    ...(audit ? { recentChange: (watch, at) => recentChange(audit, watch, at) } : {}),
    ...(pager ? { pager } : {}),
  });
}

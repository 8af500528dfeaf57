// The watch module assembled: the WatchService (with its alert actions) the core takes, and the poller,
// started once the chat adapters (and so the channel posters) exist and stopped on close.
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import type { AuditLog, BotStore, Locale, Platform, WatchService } from '../core/index.js';
import { DEFAULT_RULES } from './alert-rules.js';
import type { ReminderSettings } from './reminders.js';
import { createAlertActions } from './alert-buttons.js';
import { createWatchPoller, type WatchPoller, type WatchPollerOptions } from './poller.js';
import { NO_ALERT_METRICS, type AlertMetrics } from './ports.js';
import type { ChannelPoster } from '../core/index.js';
import { createWatchService, watchBook } from './watch-book.js';
import { createIncidentPager } from './incident-pages.js';
import type { PagerDuty } from '../paging/pagerduty.js';
import { startFleetSweeper, type FleetSweeper } from './fleet-sweeper.js';
import { createFleetWatches } from './fleet-watches.js';
import { INSTANCE_LIST_TTL_MS } from '../core/kit/index.js';
import { groupBook } from './group-book.js';
import { closeOnUnwatch } from './unwatch-close.js';
import { openIncidents } from './channel-incidents.js';
import { recentChange } from './recent-change.js';
import { DEFAULT_GROUP_WINDOW_MS } from './storm-groups.js';
import { pacedPoster } from './paced-poster.js';
import type { PacingSettings } from './pacing.js';
import { watchLocale } from './poll-once.js';

export type { AlertMetrics } from './ports.js';
export { createWatchPoller, watchLease, type WatchPoller } from './poller.js';

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
};

/** Watches as the app uses them. */
export interface Watching {
  service: WatchService;
  /** Starts polling, posting through these posters (one per platform); a second call is ignored. */
  start(posters: ChannelPoster[]): Promise<WatchPoller>;
  stop(options?: { releaseLeases?: boolean }): Promise<void>;
}

/** Builds the service at once; the poller waits for start(). */
export function createWatching(options: WatchingOptions & { api: HostingApi; store: BotStore }): Watching {
  const metrics = options.metrics ?? NO_ALERT_METRICS;
  const posters: ChannelPoster[] = [];
  const book = watchBook(options.store);
  const now = options.now ?? Date.now;
  let poller: WatchPoller | undefined;
  let sweeper: FleetSweeper | undefined;
  const pager = options.pagerDuty
    ? createIncidentPager({
        pagerDuty: options.pagerDuty,
        state: options.store.ephemeral,
        count: (action, outcome) => metrics.paged?.(action, outcome),
        warn: (message, detail) => options.logger?.warn(detail, message),
      })
    : undefined;
  // Asked of this replica's poster for the platform; none yet (before start, exec) → not checked.
  const checkChannel = async (platform: Platform, channelId: string): Promise<string | null> => {
    const poster = posters.find((p) => p.platform === platform);
    return (await poster?.checkChannel?.(channelId)) ?? null;
  };
  const groups = groupBook(options.store, options.groupWindowMs ?? DEFAULT_GROUP_WINDOW_MS, now);
  const localeOption = options.locale ? { locale: options.locale } : {};
  const logWarn = (message: string, detail: Record<string, unknown>) => options.logger?.warn(detail, message);
  // An unwatched server's storms and cards are closed through this replica's poster for its platform.
  const unwatched = closeOnUnwatch({
    groups,
    state: options.store.ephemeral,
    ...(pager ? { pager } : {}),
    posterFor: (platform) => posters.find((p) => p.platform === platform),
    localeOf: (watch) => watchLocale({ store: options.store, ...localeOption, warn: logWarn }, watch),
    now,
    warn: logWarn,
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
    book,
    (platform) => posters.find((p) => p.platform === platform),
    now,
    pager ? (watchId, kind) => pager.acknowledged(watchId, kind) : undefined,
    groups,
    (channel) => watchLocale({ store: options.store, ...localeOption, warn: logWarn }, channel),
  );
  return {
    service,
    async start(list) {
      if (poller) return poller;
      // Every alert, edit and notice leaves through one pacer per channel, shared via the store.
      const warn = (message: string, detail: Record<string, unknown>) =>
        options.logger?.warn(detail, message);
      posters.push(
        ...list.map((poster) =>
          pacedPoster(poster, {
            store: options.store,
            now,
            warn,
            ...(options.pacing ? { settings: options.pacing } : {}),
            count: (platform, method, outcome, delay) => metrics.outbound?.(platform, method, outcome, delay),
            localeOf: (channelId) =>
              watchLocale(
                { store: options.store, ...localeOption, warn: logWarn },
                { platform: poster.platform, channelId },
              ),
          }),
        ),
      );
      const { audit, oncall, renotifyMs } = options;
      const rules = options.rules ?? DEFAULT_RULES;
      poller = createWatchPoller({
        ...options,
        metrics,
        posters,
        rules: renotifyMs === undefined ? rules : { ...rules, renotifyMs },
        reminders: { locale: options.locale ?? 'en', ...(oncall ? { oncall } : {}) },
        groups,
        ...(audit ? { recentChange: (watch, at) => recentChange(audit, watch, at) } : {}),
        ...(pager ? { pager } : {}),
      });
      await poller.start();
      sweeper = startFleetSweeper(fleetDeps, {
        owner: options.owner ?? randomUUID(),
        intervalMs: options.instanceListTtlMs ?? INSTANCE_LIST_TTL_MS,
        warn: (message, detail) => options.logger?.warn(detail, message),
      });
      return poller;
    },
    async stop(stopOptions) {
      await sweeper?.stop();
      await poller?.stop(stopOptions);
    },
  };
}

// What one poll of a watch needs (the API, the store, the poster, rules, pager, groups…), shared by
// the poll (poll-once.ts) and the showing of its effects (show-effect.ts).
import { DEFAULT_LOCALE, type BotStore, type Locale } from '../core/index.js';
import { channelLocale } from '../core/kit/index.js';
import type { HostingApi } from '../api/index.js';
import type { AlertChartRenderer } from './cards/alert-chart.js';
import type { RuleSettings } from './rules/alert-rules.js';
import type { AlertMetrics } from './ports.js';
import type { ChannelPoster } from '../core/index.js';
import type { WatchRecord } from './types.js';
import type { WatchBook } from './books/watch-book.js';
import type { IncidentPager } from './delivery/incident-pages.js';
import type { GroupBook } from './books/group-book.js';
import type { GroupingDeps } from './group-show.js';
import type { ReminderSettings } from './reminders.js';

/** What a poll needs. */
export interface PollDeps {
  api: HostingApi;
  store: BotStore;
  book: WatchBook;
  poster: ChannelPoster;
  metrics: AlertMetrics;
  now: () => number;
  rules?: RuleSettings;
  /** Pages incidents out (PagerDuty) when a routing key is set. */
  pager?: IncidentPager;
  /** The channels' storm groups; absent: every incident shows its own card. */
  groups?: GroupBook;
  /** The last change made through the bot on a server, for the group card (grouped-alerts.ts). */
  recentChange?: GroupingDeps['recentChange'];
  /** The runbook the policy file names for a hostname (runbooks: {<glob>: <url>}). */
  runbookFor?: (hostname: string) => string | undefined;
  /** Waits between delivery attempts (default 1 s, 4 s) and how to wait (tests). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** How reminders read and whom they mention (default English, no on-call team). */
  reminders?: ReminderSettings;
  /** The language of channels without a `language` setting (VPSOPS_LOCALE; default en). */
  locale?: Locale;
  /** Draws the chart posted under a new cpu / memory alert (alert-chart.ts); absent: no chart. */
  charts?: AlertChartRenderer;
  warn(message: string, detail: Record<string, unknown>): void;
}

/** How the poll went, for the scheduler's backoff: ok, the API failed, or it asked us to slow down. */
export type PollOutcome = 'ok' | 'failed' | 'rate-limited';

/** The watched channel's language (`language`, else the default); the default when the store cannot say. */
export async function watchLocale(
  deps: Pick<PollDeps, 'store' | 'locale' | 'warn'>,
  watch: Pick<WatchRecord, 'platform' | 'channelId'> & { id?: string },
): Promise<Locale> {
  const fallback = deps.locale ?? DEFAULT_LOCALE;
  try {
    return (await channelLocale(deps.store, watch.platform, watch.channelId, fallback)).locale;
  } catch (error) {
    deps.warn('watch: reading the channel language failed', { err: error, watch: watch.id });
    return fallback;
  }
}

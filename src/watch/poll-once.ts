// One poll of one watch: read the instance (and its metrics when thresholds are set), run the
// alert rules, show what they say (post, edit, resolve, remind) and store the new alert state.
import { channelLocale, DEFAULT_LOCALE, type Locale } from '../core/index.js';
import { isApiError } from '../api/errors.js';
import type { HostingApi } from '../api/index.js';
import { postAlertChart, type AlertChartRenderer } from './alert-chart.js';
import { recentConfirmedAction, type BotStore } from '../core/index.js';
import { alertCard, recoveredNotice, reminderNotice, resolvedCard } from './alert-card.js';
import { endIncident, incidentCard, postIncidentCard } from './incident-card.js';
import { enrich } from './alert-context.js';
import {
  DEFAULT_RULES,
  evaluate,
  type AlertEffect,
  type Observation,
  type RuleSettings,
} from './alert-rules.js';
import { deliver, Undelivered, undeliveredNotice } from './delivery.js';
import type { AlertMetrics, ChannelPoster } from './ports.js';
import { freshState, type AlertState, type OpenAlert, type WatchRecord } from './types.js';
import { namedWatch, shownWatch, type WatchBook } from './watch-book.js';
import { announceEndedSilences, silenceNow } from './silence-book.js';
import type { Silence } from './silences.js';
import type { IncidentPager } from './incident-pages.js';
import { observeBalance } from './balance-watch.js';
import type { GroupBook } from './group-book.js';
import { cardPosted, recoveredInGroup, shownByGroup, type GroupingDeps } from './grouped-alerts.js';
import { remindGroup, remindOnce, type ReminderDeps, type ReminderSettings } from './reminders.js';

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

const UNREACHABLE = new Set(['NETWORK', 'TIMEOUT', 'UPSTREAM_ERROR', 'UPSTREAM_INVALID']);

const numbers = (values: (number | null | undefined)[]): number[] =>
  values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

/** Reads what the rules need (the balance summary for the balance watch); RATE_LIMITED and refusals (401, 404…) are not "unreachable"; a 404 of the instance is "gone". */
async function observe(
  api: HostingApi,
  watch: WatchRecord,
  now: () => number,
  locale: Locale,
): Promise<(Observation & { location?: string; lastBackupAt?: string | null }) | PollOutcome> {
  try {
    if (watch.billing)
      return { ok: true, balance: await observeBalance(api, watch.billing, new Date(now()), locale) };
    const detail = await api.instances.detail(watch.instance.uuid).catch((error: unknown) => {
      if (isApiError(error) && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (detail === null) return { ok: true, gone: true };
    const observation: Observation & { location?: string; lastBackupAt?: string | null } = {
      ok: true,
      status: detail.status ?? 'unknown',
      hostname: detail.hostname,
      ...(detail.location ? { location: detail.location } : {}),
      ...(detail.last_backup_at !== undefined ? { lastBackupAt: detail.last_backup_at } : {}),
    };
    if (watch.cpuPercent !== undefined || watch.memoryPercent !== undefined) {
      const series = await api.instances.rrd(watch.instance.uuid, 'hour');
      observation.cpu = numbers(series.cpu.map((s) => s.cpu));
      observation.memory = numbers(
        series.memory.map((s) =>
          s.raw_usage_memory != null && s.raw_max_memory
            ? (100 * s.raw_usage_memory) / s.raw_max_memory
            : null,
        ),
      );
    }
    return observation;
  } catch (error) {
    if (isApiError(error) && error.code === 'RATE_LIMITED') return 'rate-limited';
    if (isApiError(error) && UNREACHABLE.has(error.code)) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Polls one watch once and shows the result; returns how it went. */
export async function pollOnce(deps: PollDeps, stored: WatchRecord): Promise<PollOutcome> {
  // Everything this poll writes for the channel (details, cards, notices) is in its language.
  const locale = await watchLocale(deps, stored);
  const seen = await observe(deps.api, stored, deps.now, locale);
  if (typeof seen === 'string') return seen;
  const before = (await deps.book.alerts.get(stored.id)) ?? freshState(stored.id);
  const named = namedWatch(stored, seen.ok && 'status' in seen && seen.hostname ? seen : before);
  const watch = shownWatch(named, locale);
  const recentlyConfirmed = (await recentConfirmedAction(deps.store, watch.instance.uuid)) !== null;
  const now = deps.now();
  const out = evaluate({
    state: before,
    watch,
    observation: seen,
    now,
    recentlyConfirmed,
    locale,
    ...(deps.rules ? { rules: deps.rules } : {}),
  });
  if ('location' in seen && seen.location) out.state.location = seen.location;
  else if (before.location) out.state.location = before.location;
  await enrich(deps, watch, out.state, out.effects, seen, now);
  const silence = await silenceNow(
    deps.store,
    { uuid: watch.instance.uuid, ...(out.state.location ? { location: out.state.location } : {}) },
    now,
  );
  for (const effect of out.effects) await show(deps, watch, out.state, effect, now, silence, locale);
  // A click (acknowledge / snooze) on another replica may have landed meanwhile: keep it.
  const latest = await deps.book.alerts.get(watch.id);
  if (latest) keepClicks(out.state, latest);
  // Unwatched while we polled: do not bring the state back.
  if (await deps.book.watches.get(watch.id)) await deps.book.alerts.put(watch.id, out.state);
  await announceEndedSilences(
    deps.store,
    watch.platform,
    now,
    (channelId, notice) => deliver(deps, () => deps.poster.post(channelId, notice)),
    (channelId) => watchLocale(deps, { platform: watch.platform, channelId }),
  ).catch((error: unknown) => deps.warn('watch: announcing an ended silence failed', { err: error }));
  return seen.ok ? 'ok' : 'failed';
}

function keepClicks(next: AlertState, stored: AlertState): void {
  for (const alert of Object.values(next.open)) {
    const was = alert && stored.open[alert.kind];
    if (!alert || !was || was.openedAt !== alert.openedAt) continue;
    for (const key of [
      'acknowledgedBy',
      'acknowledger',
      'acknowledgedAt',
      'snoozedUntil',
      'snoozedBy',
      'snoozer',
    ] as const) {
      if (was[key] !== undefined && alert[key] === undefined) Object.assign(alert, { [key]: was[key] });
    }
  }
}

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

async function show(
  deps: PollDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: AlertEffect,
  now: number,
  silence: Silence | undefined,
  locale: Locale,
): Promise<void> {
  const { poster } = deps;
  const send = <T>(attempt: () => Promise<T>): Promise<T> => deliver(deps, attempt);
  const reminding: ReminderDeps = {
    state: deps.store.ephemeral,
    poster,
    send,
    settings: deps.reminders ?? { locale: 'en' },
    renotifyMs: (deps.rules ?? DEFAULT_RULES).renotifyMs,
  };
  const grouping: GroupingDeps | undefined = deps.groups && {
    groups: deps.groups,
    locale,
    poster,
    send,
    // The group card is its opener's card: acknowledging that acknowledges the group.
    remindGroup: async (group, at) => {
      const opener = (await deps.book.alerts.get(group.opener.watchId))?.open[group.opener.kind];
      if (!opener?.acknowledgedBy) await remindGroup(reminding, group, at);
    },
    ...(deps.pager ? { pager: deps.pager } : {}),
    ...(deps.recentChange ? { recentChange: deps.recentChange } : {}),
  };
  try {
    if (await quiet(deps, watch, state, effect)) return;
    if (await silenced(deps, watch, state, effect, silence)) return;
    if (effect.type === 'resolve') {
      if (grouping && (await recoveredInGroup(grouping, watch, effect.alert, now))) {
        await endIncident(deps.store.ephemeral, watch.id, effect.kind);
        return;
      }
      // Resolved in PagerDuty without waiting for the chat's pacing.
      await deps.pager?.recovered(watch.id, effect.kind);
      const ref = effect.alert.ref ?? (await incidentCard(deps.store.ephemeral, watch.id, effect.kind))?.ref;
      if (ref) await send(() => poster.update(ref, resolvedCard(watch, effect.alert, now, locale)));
      await send(() => poster.post(watch.channelId, recoveredNotice(watch, effect.alert, now, locale)));
      await endIncident(deps.store.ephemeral, watch.id, effect.kind);
      return;
    }
    const alert = state.open[effect.kind];
    if (!alert) return;
    if (grouping && (await shownByGroup(grouping, watch, state, effect, alert, now))) return;
    // Paged whether or not the chat post below gets through.
    if (effect.type === 'open' || !alert.ref) await deps.pager?.opened(watch, alert);
    const { ref } = alert;
    if (effect.type === 'remind') {
      const subject = `${watch.id}:${alert.kind}:${alert.openedAt}`;
      await remindOnce(reminding, watch, subject, alert.openedAt, now, () =>
        reminderNotice(watch, alert, now, locale),
      );
    } else if (ref) {
      await send(() => poster.update(ref, alertCard(watch, alert, now, locale)));
    } else {
      // Not posted yet (new, or its first delivery failed): counted once it reaches the channel.
      const posted = await postIncidentCard(
        deps.store.ephemeral,
        watch.id,
        alert,
        () => send(() => poster.post(watch.channelId, alertCard(watch, alert, now, locale))),
        (ref) => send(() => poster.update(ref, alertCard(watch, alert, now, locale))),
      );
      if (posted) deps.metrics.alertOpened(effect.kind);
      if (posted) await postAlertChart({ ...deps, send }, watch, alert, locale);
      if (posted && grouping) await cardPosted(grouping, watch, alert);
    }
  } catch (error) {
    deps.warn('watch: showing an alert failed', { err: error, watch: watch.id, kind: effect.kind });
    if (error instanceof Undelivered)
      await tellOwner(deps, watch, state.open[effect.kind], error, watch.ownerLocale ?? locale);
  }
}

/**
 * A silenced server's incident is recorded (marked with the silence) but neither posted nor paged;
 * one that never reached the channel recovers without a word.
 */
async function silenced(
  deps: PollDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: AlertEffect,
  silence: Silence | undefined,
): Promise<boolean> {
  if (effect.type === 'resolve') {
    if (!effect.alert.silenced || effect.alert.ref) return false;
    if (await incidentCard(deps.store.ephemeral, watch.id, effect.kind)) return false;
    await endIncident(deps.store.ephemeral, watch.id, effect.kind);
    return true;
  }
  const alert = state.open[effect.kind];
  if (!silence || !alert) return false;
  alert.silenced = silence.key;
  return true;
}

/** Tells the person who set the watch, once per alert, that it could not be posted. */
async function tellOwner(
  deps: PollDeps,
  watch: WatchRecord,
  alert: OpenAlert | undefined,
  failure: Undelivered,
  locale: Locale,
): Promise<void> {
  if (!alert || alert.undelivered || !deps.poster.tellPrivately) return;
  alert.undelivered = failure.reason;
  try {
    await deps.poster.tellPrivately(
      watch.setBy.userId,
      undeliveredNotice(watch, alert, failure.reason, locale),
    );
  } catch (error) {
    deps.warn('watch: telling the watch owner failed', { err: error, watch: watch.id });
  }
}

/** How long one channel's "API unreachable" claim lasts without being renewed by its watch. */
const OUTAGE_CLAIM_MS = 60 * 60_000;

/**
 * The hosting API is one for every watch: a channel hears about an outage once. The first watch of
 * the channel to open "unreachable" claims it (a counter in the shared store); the others keep a
 * silent alert. The claimer's recovery gives the claim back.
 */
async function quiet(
  deps: PollDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: AlertEffect,
): Promise<boolean> {
  if (effect.kind !== 'unreachable') return false;
  const claim = `watch-outage:${watch.platform}:${watch.channelId}`;
  if (effect.type === 'resolve') {
    if (!effect.alert.silent) await deps.store.ephemeral.delete(claim);
    return effect.alert.silent === true;
  }
  const alert = state.open.unreachable;
  if (effect.type === 'open' && alert) {
    alert.silent = (await deps.store.ephemeral.increment(claim, OUTAGE_CLAIM_MS)) > 1;
  }
  return alert?.silent === true;
}

// One poll of one watch: read the instance (and its metrics when thresholds are set), run the
// alert rules, show what they say (show-effect.ts: post, edit, resolve, remind) and store the new
// alert state.
import { isApiError } from '../api/errors.js';
import type { HostingApi } from '../api/index.js';
import { type Locale } from '../core/index.js';
import { recentConfirmedAction } from '../core/kit/index.js';
import { enrich } from './cards/alert-context.js';
import { evaluate, type Observation } from './rules/alert-rules.js';
import { freshState, type AlertState, type WatchRecord } from './types.js';
import { namedWatch, shownWatch } from './books/watch-book.js';
import { silenceAtPoll, type RunningSeen } from './books/scheduled-silence.js';
import { observeBalance } from './balance-watch.js';
import { watchLocale, type PollDeps, type PollOutcome } from './poll-deps.js';
import { showEffect } from './show-effect.js';
import { closeOnUnwatch, type UnwatchDeps } from './unwatch-close.js';

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
  // Silences matter only to what is shown: most polls show nothing and need not read them — but
  // a server Running again may end a scheduled action's silence (scheduled-silence.ts).
  const running = runningAgain(before, seen, recentlyConfirmed);
  const silence =
    out.effects.length === 0 && !running
      ? undefined
      : await silenceAtPoll(
          deps.store,
          { uuid: watch.instance.uuid, ...(out.state.location ? { location: out.state.location } : {}) },
          now,
          running,
        );
  // A new incident is stored before it is shown: should the store fail once its group, card or page
  // exist, the next poll still knows it is open and ends all three when the server recovers.
  if (out.effects.some((e) => e.type === 'open') && !(await saved(deps, watch.id, out.state))) {
    await closeOnUnwatch(unwatchDeps(deps, locale))(watch, out.state);
    return seen.ok ? 'ok' : 'failed';
  }
  for (const effect of out.effects) await showEffect(deps, watch, out.state, effect, now, silence, locale);
  // Unwatched while we polled: do not bring the state back, and close what this poll opened.
  if (!(await saved(deps, watch.id, out.state)))
    await closeOnUnwatch(unwatchDeps(deps, locale))(watch, out.state);
  return seen.ok ? 'ok' : 'failed';
}

/**
 * Running now, and worth a look at a scheduled silence: back from another status, or within 15
 * minutes of a confirmed action (a restart may be over between two polls).
 */
function runningAgain(
  before: AlertState,
  seen: Observation,
  recentlyConfirmed: boolean,
): RunningSeen | undefined {
  const isRunning = (status: string | undefined) => status?.toLowerCase() === 'running';
  if (!seen.ok || !('status' in seen) || !isRunning(seen.status) || before.lastPolledAt === undefined)
    return undefined;
  const back = before.lastStatus !== undefined && !isRunning(before.lastStatus);
  return back || recentlyConfirmed ? { previousPollAt: before.lastPolledAt } : undefined;
}

/** Stores the poll's state with any click that landed meanwhile; false when the watch is gone. */
async function saved(deps: PollDeps, watchId: string, state: AlertState): Promise<boolean> {
  // A click (acknowledge / snooze) on another replica may have landed meanwhile: keep it.
  const latest = await deps.book.alerts.get(watchId);
  if (latest) keepClicks(state, latest);
  if (!(await deps.book.watches.get(watchId))) return false;
  await deps.book.alerts.put(watchId, state);
  return true;
}

/** What closing a watch removed mid-poll needs, from the poll's own deps. */
function unwatchDeps(deps: PollDeps, locale: Locale): UnwatchDeps {
  return {
    state: deps.store.ephemeral,
    ...(deps.groups ? { groups: deps.groups } : {}),
    ...(deps.pager ? { pager: deps.pager } : {}),
    posterFor: () => deps.poster,
    localeOf: async () => locale,
    now: deps.now,
    warn: deps.warn,
  };
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

// The alert state machine, pure: given a watch's alert state and one poll's observation it says
// what the alert state becomes and what to show (open a card, edit it, resolve it, remind).
// One alert per incident: an open alert is only ever edited until its condition clears. An alert's
// detail is written in the channel's language at each poll (the card shows it as it was last seen).
import { DEFAULT_LOCALE, t, type Locale } from '../../core/index.js';
import { type AlertKind } from '../../core/kit/index.js';
import type { AlertState, OpenAlert, WatchRecord } from '../types.js';

/** What one poll saw: the instance's status and recent metric samples, or that the API failed. */
export type Observation =
  | { ok: true; status: string; hostname?: string; cpu?: number[]; memory?: number[]; gone?: false }
  /** The API answered 404 for the instance: it no longer exists (deleted outside the bot). */
  | { ok: true; gone: true }
  /** The balance watch read the balance summary: whether it is under its limits, and in words. */
  | { ok: true; balance: { low: boolean; detail: string } }
  | { ok: false; reason: string };

/** What the poller must do after a poll. */
export type AlertEffect =
  | { type: 'open'; kind: AlertKind }
  | { type: 'update'; kind: AlertKind }
  | { type: 'resolve'; kind: AlertKind; alert: OpenAlert }
  | { type: 'remind'; kind: AlertKind };

/** Tunables of the rules; times in ms. */
export interface RuleSettings {
  /** Consecutive failed polls before "API unreachable" (default 2). */
  unreachableAfter: number;
  /** Samples that must all be above the threshold (default 3). */
  samples: number;
  /** Re-notify an unacknowledged, unsnoozed open alert this often (default 30 min; 0: never). */
  renotifyMs: number;
}

/** Defaults: an outage told at the 2nd failed poll in a row, 3 samples, a reminder every 30 minutes. */
export const DEFAULT_RULES: RuleSettings = { unreachableAfter: 2, samples: 3, renotifyMs: 30 * 60_000 };

const SPARK_POINTS = 24;

/** The inputs of one evaluation. */
export interface Evaluation {
  state: AlertState;
  watch: WatchRecord;
  observation: Observation;
  now: number;
  /** A confirmed stop / rollback / restore from this bot on this instance in the last 15 min. */
  recentlyConfirmed: boolean;
  rules?: RuleSettings;
  /** The watched channel's language, for the details (default English). */
  locale?: Locale;
}

/** Applies one observation; returns the new state (a copy) and the effects in display order. */
export function evaluate(input: Evaluation): { state: AlertState; effects: AlertEffect[] } {
  const rules = input.rules ?? DEFAULT_RULES;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const state: AlertState = structuredClone(input.state);
  const effects: AlertEffect[] = [];
  const { now, observation } = input;
  state.lastPolledAt = now;
  if (!observation.ok) {
    if (state.failures === 0) state.failingSince = now;
    state.failures += 1;
    // The outage started at its first failed poll: "reachable again after N" tells its real length.
    if (state.failures >= rules.unreachableAfter)
      condition(state, effects, 'unreachable', true, observation.reason, [], now, state.failingSince);
  } else if ('balance' in observation) {
    state.failures = 0;
    delete state.failingSince;
    condition(state, effects, 'unreachable', false, '', [], now);
    condition(state, effects, 'balance', observation.balance.low, observation.balance.detail, [], now);
  } else if (observation.gone) {
    state.failures = 0;
    delete state.failingSince;
    condition(state, effects, 'unreachable', false, '', [], now);
    // Opened once and kept (no edits, no reminders) until someone unwatches it or it comes back.
    if (!state.open.gone) condition(state, effects, 'gone', true, t(locale, 'alertDetail.gone'), [], now);
  } else {
    state.failures = 0;
    delete state.failingSince;
    state.lastStatus = observation.status;
    if (observation.hostname) state.hostname = observation.hostname;
    condition(state, effects, 'unreachable', false, '', [], now);
    condition(state, effects, 'gone', false, '', [], now);
    const status = observation.status.toLowerCase();
    const bad = status === 'error' || (status === 'stopped' && !input.recentlyConfirmed);
    // The status word stays as the API writes it; formatted only for an open alert (not every poll).
    const detail = bad ? t(locale, 'alertDetail.status', { status: observation.status }) : '';
    condition(state, effects, 'status', bad, detail, [], now);
    if (state.open.status) state.open.status.stopped = status === 'stopped';
    const thresholds = { rules, now, locale };
    metric(state, effects, 'cpu', input.watch.cpuPercent, observation.cpu, thresholds);
    metric(state, effects, 'memory', input.watch.memoryPercent, observation.memory, thresholds);
  }
  for (const kind of Object.keys(state.open) as AlertKind[]) {
    const alert = state.open[kind];
    if (!alert || kind === 'gone' || alert.acknowledgedBy || (alert.snoozedUntil ?? 0) > now) continue;
    if (rules.renotifyMs > 0 && now - (alert.remindedAt ?? alert.openedAt) >= rules.renotifyMs) {
      alert.remindedAt = now;
      effects.push({ type: 'remind', kind });
    }
  }
  return { state, effects };
}

function metric(
  state: AlertState,
  effects: AlertEffect[],
  kind: 'cpu' | 'memory',
  threshold: number | undefined,
  samples: number[] | undefined,
  { rules, now, locale }: { rules: RuleSettings; now: number; locale: Locale },
): void {
  const open = state.open[kind];
  if (threshold === undefined || !samples || samples.length === 0) {
    // Threshold removed (or no samples at all): an open alert has nothing left to stand on.
    if (threshold === undefined && open) condition(state, effects, kind, false, '', [], now);
    return;
  }
  const recent = samples.slice(-rules.samples);
  const latest = recent[recent.length - 1] as number;
  const above = recent.length >= rules.samples && recent.every((v) => v > threshold);
  // Opens on N samples above; clears once the latest sample is back at or under the threshold.
  const active = open ? latest > threshold : above;
  const detail = active
    ? t(locale, kind === 'cpu' ? 'alertDetail.cpu' : 'alertDetail.memory', {
        value: latest.toFixed(0),
        threshold,
      })
    : '';
  condition(state, effects, kind, active, detail, samples.slice(-SPARK_POINTS), now);
}

function condition(
  state: AlertState,
  effects: AlertEffect[],
  kind: AlertKind,
  active: boolean,
  detail: string,
  values: number[],
  now: number,
  since = now,
): void {
  const open = state.open[kind];
  if (active && !open) {
    state.open[kind] = { kind, openedAt: since, detail, values, updatedAt: now };
    effects.push({ type: 'open', kind });
  } else if (active && open) {
    open.detail = detail;
    open.values = values;
    open.updatedAt = now;
    effects.push({ type: 'update', kind });
  } else if (!active && open) {
    delete state.open[kind];
    effects.push({ type: 'resolve', kind, alert: { ...open, updatedAt: now } });
  }
}

/** The person who clicked, kept by platform user id so cards can show a mention. */
type Clicker = NonNullable<OpenAlert['acknowledger']>;

/** Records who acknowledged: no more reminders for this alert. False when it is not open. */
export function acknowledge(
  state: AlertState,
  kind: AlertKind,
  by: string,
  now: number,
  who?: Clicker,
): boolean {
  const alert = state.open[kind];
  if (!alert) return false;
  alert.acknowledgedBy = by;
  if (who) alert.acknowledger = who;
  alert.acknowledgedAt = now;
  return true;
}

/** Silences reminders for `ms` (Snooze 1 h). False when the alert is not open. */
export function snooze(
  state: AlertState,
  kind: AlertKind,
  by: string,
  now: number,
  ms: number,
  who?: Clicker,
): boolean {
  const alert = state.open[kind];
  if (!alert) return false;
  alert.snoozedUntil = now + ms;
  alert.snoozedBy = by;
  if (who) alert.snoozer = who;
  return true;
}

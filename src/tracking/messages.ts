// What a followed operation looks like in the channel: the confirmed card (when the runner
// passed it) with a progress line underneath, edited until the operation's outcome is known.
// Every line comes from the catalogue (tracking-en/id.ts) in the card's language.
import { DEFAULT_LOCALE, isMessageKey, t, type FollowSpec, type Locale } from '../core/index.js';
import { apiStatus } from '../render/format.js';
import type { Button, Message, Tone } from '../render/message.js';

/** How a followed operation ended. */
export type TrackResult = 'done' | 'failed' | 'timed-out';

const unit = (locale: Locale, key: 'unit.s' | 'unit.min' | 'unit.h', n: number): string =>
  t(locale, key, { n: String(n) });

/** "3 s", "2 min 5 s", "1 h 2 min" (id: "2 menit 5 detik"): elapsed time the way people say it in chat. */
export function formatElapsed(ms: number, locale: Locale = DEFAULT_LOCALE): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return unit(locale, 'unit.s', total);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const min = unit(locale, 'unit.min', minutes % 60);
  if (minutes < 60) return seconds === 0 ? min : `${min} ${unit(locale, 'unit.s', seconds)}`;
  const hours = unit(locale, 'unit.h', Math.floor(minutes / 60));
  return minutes % 60 === 0 ? hours : `${hours} ${min}`;
}

/** The spec's verb in `locale` ("stopping" → "menghentikan"); a verb the catalogue lacks as written. */
function verbOf(spec: FollowSpec, locale: Locale): string {
  const key = `track.verb.${spec.verb}`;
  return isMessageKey(key) ? t(locale, key) : spec.verb;
}

/** A status as the API says it, with its translation beside it outside English: "Berhenti (Stopped)". */
function statusOf(status: string, locale: Locale): string {
  return apiStatus(status, locale);
}

/** The card with the tracker's line appended (or a small message of its own without a card). */
function withLine(card: Message | undefined, line: string, tone: Tone | undefined, summary: string): Message {
  if (!card) return { tone, summary, blocks: [{ type: 'text', text: line }] };
  const blocks = card.blocks.filter((b) => !(b.type === 'context' && b.text.startsWith('⏳')));
  return {
    ...card,
    actions: undefined,
    tone: tone ?? card.tone,
    summary,
    blocks: [...blocks, { type: 'context', text: line }],
  };
}

/** "web-1: terminating… 20 s (status Terminating)". */
export function progressMessage(
  spec: FollowSpec,
  elapsedMs: number,
  status: string | null,
  card?: Message,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const values = { label: spec.label, verb: verbOf(spec, locale), elapsed: formatElapsed(elapsedMs, locale) };
  const line = status
    ? t(locale, 'track.progressStatus', { ...values, status: statusOf(status, locale) })
    : t(locale, 'track.progress', values);
  // Still running: neither the card's success tone nor a failure colour fits yet.
  return withLine(card, line, 'info', t(locale, 'track.summary', values));
}

/** What the final edit says, and whether it counts as done, failed or timed out. */
export interface FinalOutcome {
  result: TrackResult;
  line: string;
}

/** Outcome when the watched condition was reached. */
export function doneOutcome(
  spec: FollowSpec,
  elapsedMs: number,
  status: string | null,
  locale: Locale = DEFAULT_LOCALE,
): FinalOutcome {
  const values = { label: spec.label, elapsed: formatElapsed(elapsedMs, locale) };
  const line =
    spec.kind === 'instance-gone'
      ? t(locale, 'track.done.gone', values)
      : spec.kind === 'instance-ip'
        ? t(locale, 'track.done.ip', { ...values, ip: spec.ipAddress ?? t(locale, 'track.theIp') })
        : status
          ? t(locale, 'track.done.status', { ...values, status: statusOf(status, locale) })
          : t(locale, 'track.done.plain', values);
  return { result: 'done', line };
}

/** Why an operation failed: the instance vanished (last status known or not), or it reports a failure status. */
export type FailureReason = { gone: true; lastStatus: string | null } | { gone: false; status: string };

/** Outcome when the instance reported a failure status, or vanished while we waited for a status. */
export function failedOutcome(
  spec: FollowSpec,
  elapsedMs: number,
  why: FailureReason,
  locale: Locale = DEFAULT_LOCALE,
): FinalOutcome {
  const reason = !why.gone
    ? t(locale, 'track.reason.status', { status: statusOf(why.status, locale) })
    : why.lastStatus
      ? t(locale, 'track.reason.goneKnown', { status: statusOf(why.lastStatus, locale) })
      : t(locale, 'track.reason.gone');
  const verb = verbOf(spec, locale);
  const elapsed = formatElapsed(elapsedMs, locale);
  return { result: 'failed', line: t(locale, 'track.failed', { label: spec.label, verb, elapsed, reason }) };
}

/** Outcome when the deadline passed; names the last known status and the last API error, if any. */
export function timedOutOutcome(
  spec: FollowSpec,
  elapsedMs: number,
  status: string | null,
  lastError: string | null,
  locale: Locale = DEFAULT_LOCALE,
): FinalOutcome {
  const state = status
    ? t(locale, 'track.known.status', { status: statusOf(status, locale) })
    : t(locale, 'track.known.none');
  const known = lastError ? t(locale, 'track.known.lastError', { known: state, error: lastError }) : state;
  const values = { label: spec.label, verb: verbOf(spec, locale), elapsed: formatElapsed(elapsedMs, locale) };
  return { result: 'timed-out', line: t(locale, 'track.timedOut', { ...values, known }) };
}

const TONES: Record<TrackResult, Tone> = { done: 'success', failed: 'error', 'timed-out': 'warning' };

/** The final edit of the card; once done, with the follow-up buttons the operation names. */
export function finalMessage(outcome: FinalOutcome, card?: Message, whenDone?: Button[]): Message {
  const summary = outcome.line.replace(/^\S+ /, '');
  const final = withLine(card, outcome.line, TONES[outcome.result], summary);
  return outcome.result === 'done' && whenDone?.length ? { ...final, actions: whenDone } : final;
}

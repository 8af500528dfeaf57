// Silences and maintenance windows, pure: how long ("45m", "2h", "1d", "1h30m", at most 7 days),
// what is silenced (one instance, a location, or everything), whether an incident is silenced now,
// and which silences ended since the last look (for the short "silence ended" notice). A silenced
// server's incidents are still recorded; the caller only skips posting and paging them. Records are
// plain JSON so any store can keep them; `parseSilence` reads one back.
import { z } from 'zod';
import { DEFAULT_LOCALE, t, type Locale } from '../../core/index.js';
import { shorten } from '../../render/shorten.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The longest silence: a week of planned work is the most anyone should forget about. */
export const MAX_SILENCE_MS = 7 * DAY;
/** A reason longer than this is cut (it is shown on cards and in `silences`). */
export const MAX_REASON = 200;

/** What a silence covers. `location` is the location's name as the hosting API gives it. */
export type SilenceScope =
  | { type: 'instance'; uuid: string; label: string }
  | { type: 'location'; location: string }
  | { type: 'all' };

/** Who silenced (platform user id, shown as a mention). */
export interface Silencer {
  platform: string;
  userId: string;
  displayName: string;
}

/** One silence, as stored. Times are epoch ms. */
export interface Silence {
  /** One silence per scope: silencing the same scope again replaces it (see silenceKey). */
  key: string;
  scope: SilenceScope;
  createdAt: number;
  until: number;
  by: Silencer;
  reason?: string;
  /**
   * A scheduled action's silence (scheduled-silence.ts) still waiting for its server to be Running
   * again: once a poll sees it Running, it ends this many ms later.
   */
  afterRunningMs?: number;
}

/** What an incident is about, for matching silences. */
export interface SilenceTarget {
  uuid: string;
  location?: string;
}

/** A parsed duration or why it is refused. */
export type DurationResult = { ok: true; ms: number } | { ok: false; error: string };

const DURATION = /^(?:(\d{1,4})d)?(?:(\d{1,5})h)?(?:(\d{1,6})m)?$/;

/**
 * "45m", "2h", "1d", "1h30m", "1d12h" (units in that order, each at most once) → ms; 1 minute to 7
 * days. A refusal is written in `locale`.
 */
export function parseSilenceDuration(input: string, locale: Locale = DEFAULT_LOCALE): DurationResult {
  const text = input.trim().toLowerCase();
  const m = DURATION.exec(text);
  if (!m || text === '')
    return {
      ok: false,
      error: t(locale, 'silenceBook.notDuration', { input: shorten(input.trim(), 20) }),
    };
  const ms = Number(m[1] ?? 0) * DAY + Number(m[2] ?? 0) * HOUR + Number(m[3] ?? 0) * MINUTE;
  if (ms === 0) return { ok: false, error: t(locale, 'silenceBook.tooShort') };
  if (ms > MAX_SILENCE_MS) return { ok: false, error: t(locale, 'silenceBook.tooLong', { input: text }) };
  return { ok: true, ms };
}

/** The store key of a scope: instance by uuid, location by name (case-insensitive), or all. */
export function silenceKey(scope: SilenceScope): string {
  if (scope.type === 'instance') return `instance:${scope.uuid}`;
  if (scope.type === 'location') return `location:${scope.location.trim().toLowerCase()}`;
  return 'all';
}

/** "web-1", "location Jakarta 1", "all watched servers" — how a scope reads in messages, in `locale`. */
export function describeScope(scope: SilenceScope, locale: Locale = DEFAULT_LOCALE): string {
  if (scope.type === 'instance') return scope.label;
  if (scope.type === 'location') return t(locale, 'silenceBook.location', { name: scope.location });
  return t(locale, 'silenceBook.all');
}

/** A new silence from now for `ms` (already checked by parseSilenceDuration). */
export function createSilence(input: {
  scope: SilenceScope;
  ms: number;
  by: Silencer;
  now: number;
  reason?: string;
}): Silence {
  const silence: Silence = {
    key: silenceKey(input.scope),
    scope: input.scope,
    createdAt: input.now,
    until: input.now + input.ms,
    by: { platform: input.by.platform, userId: input.by.userId, displayName: input.by.displayName },
  };
  const reason = input.reason?.replace(/\s+/g, ' ').trim();
  if (reason) silence.reason = shorten(reason, MAX_REASON);
  return silence;
}

const covers = (silence: Silence, target: SilenceTarget): boolean => {
  const scope = silence.scope;
  if (scope.type === 'all') return true;
  if (scope.type === 'instance') return scope.uuid === target.uuid;
  return (
    target.location !== undefined &&
    silenceKey(scope) === silenceKey({ type: 'location', location: target.location })
  );
};

/** Silences still running at `now`, the soonest to end first. */
export function activeSilences(silences: readonly Silence[], now: number): Silence[] {
  return silences.filter((s) => s.until > now).sort((a, b) => a.until - b.until);
}

/** The silence covering this target now (the longest-lasting when several do), for the banner. */
export function silenceFor(
  silences: readonly Silence[],
  target: SilenceTarget,
  now: number,
): Silence | undefined {
  return activeSilences(silences, now)
    .filter((s) => covers(s, target))
    .at(-1);
}

/** Whether an incident of this target is silenced now: recorded, but neither posted nor paged. */
export function isSilenced(silences: readonly Silence[], target: SilenceTarget, now: number): boolean {
  return silenceFor(silences, target, now) !== undefined;
}

/** Silences that ended after `since` and by `now` (each reported once when checks do not overlap). */
export function endedSilences(silences: readonly Silence[], since: number, now: number): Silence[] {
  return silences.filter((s) => s.until > since && s.until <= now).sort((a, b) => a.until - b.until);
}

const silenceSchema = z.object({
  key: z.string(),
  scope: z.discriminatedUnion('type', [
    z.object({ type: z.literal('instance'), uuid: z.string().min(1), label: z.string() }),
    z.object({ type: z.literal('location'), location: z.string().min(1) }),
    z.object({ type: z.literal('all') }),
  ]),
  createdAt: z.number(),
  until: z.number(),
  by: z.object({ platform: z.string(), userId: z.string(), displayName: z.string() }),
  reason: z.string().optional(),
  afterRunningMs: z.number().optional(),
});

/** A stored silence read back from JSON; null when it is not one (a corrupt or foreign record). */
export function parseSilence(value: unknown): Silence | null {
  const parsed = silenceSchema.safeParse(value);
  if (!parsed.success) return null;
  const { reason, afterRunningMs, ...rest } = parsed.data;
  return {
    ...rest,
    ...(reason === undefined ? {} : { reason }),
    ...(afterRunningMs === undefined ? {} : { afterRunningMs }),
  };
}

// The silence a scheduled stop / restart / rollback / restore sets on its server (issue 40): an
// ordinary silence of that one server (listed, on the live card, its end announced) that waits for
// the server to be Running again, then ends `afterRunningMs` later. No poll reads more for it: a poll
// reads silences when it has something to show, or when it sees the server Running after it was not
// or within 15 minutes of a confirmed action (recentlyConfirmed) — that read ends the wait.
import {
  DEFAULT_LOCALE,
  type Actor,
  type BotStore,
  type Locale,
  type Platform,
  type ResolvedInstance,
} from '../../core/index.js';
import type { SilenceSummary } from '../../core/kit/index.js';
import {
  createSilence,
  MAX_SILENCE_MS,
  silenceFor,
  type Silence,
  type SilenceTarget,
} from '../rules/silences.js';
import { WATCH_COLLECTIONS, type WatchRecord } from '../types.js';
import { silenceRecords, silenceSummary, storedSilences } from './silence-book.js';

/** Silences a watched server until it is Running again + `afterRunningMs` (see SilenceService.untilRunning). */
export async function silenceUntilRunning(
  store: BotStore,
  now: number,
  instance: ResolvedInstance,
  by: Actor,
  where: { platform: Platform; channelId: string },
  reason: string,
  afterRunningMs: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SilenceSummary | null> {
  const watches = await store.collection<WatchRecord>(WATCH_COLLECTIONS.watches).list();
  if (!watches.some((w) => !w.billing && w.instance.uuid === instance.uuid)) return null;
  const scope = { type: 'instance' as const, uuid: instance.uuid, label: instance.label };
  const records = silenceRecords(store);
  const silence: Silence = {
    ...createSilence({ scope, ms: MAX_SILENCE_MS, by, now, reason }),
    afterRunningMs,
  };
  // A silence someone set on the server stays as they set it.
  const before = await records.get(silence.key);
  if (before && before.silence.until > now) return null;
  await records.put(silence.key, { silence, ...where });
  return silenceSummary(silence, locale);
}

/** What a poll saw that may end a scheduled silence's wait: Running, and when the poll before it ran. */
export interface RunningSeen {
  previousPollAt: number;
}

/**
 * The silence covering this server now (one read of the silences). With `running`, a scheduled
 * silence of it that began before the previous poll stops waiting: it ends `afterRunningMs` from
 * now. (The previous poll must be after it began, so a status read before the action took hold
 * does not count as Running again.)
 */
export async function silenceAtPoll(
  store: BotStore,
  target: SilenceTarget,
  now: number,
  running?: RunningSeen,
): Promise<Silence | undefined> {
  const stored = await storedSilences(store);
  const silences = stored.map((r) => r.silence);
  const waiting = running
    ? stored.find(
        ({ silence: s }) =>
          s.scope.type === 'instance' &&
          s.scope.uuid === target.uuid &&
          s.afterRunningMs !== undefined &&
          s.createdAt < running.previousPollAt &&
          s.until > now,
      )
    : undefined;
  if (waiting) {
    const { afterRunningMs = 0, ...rest } = waiting.silence;
    const ended: Silence = { ...rest, until: Math.min(rest.until, now + afterRunningMs) };
    const records = silenceRecords(store);
    // Unless someone replaced it meanwhile.
    const current = await records.get(ended.key);
    if (current?.silence.createdAt === ended.createdAt) {
      await records.put(ended.key, { ...current, silence: ended });
      silences.splice(silences.indexOf(waiting.silence), 1, ended);
    }
  }
  return silenceFor(silences, target, now);
}

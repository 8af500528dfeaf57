// Silences in the shared store (a "silences" collection every replica reads): the SilenceService
// behind `silence` / `silences` / `unsilence`, what a poll asks (is this server silenced now?), and
// the one "silence ended" notice per silence, claimed in the store so two replicas never both post it.
import {
  type BotStore,
  type Platform,
  type SilenceService,
  type SilenceTargetRef,
  UserError,
  DEFAULT_LOCALE,
  t,
  type Locale,
} from '../../core/index.js';
import { type RecordCollection, type SilenceSummary } from '../../core/kit/index.js';
import { context, message, text } from '../../render/builders.js';
import type { Message } from '../../render/message.js';
import {
  activeSilences,
  createSilence,
  describeScope,
  parseSilence,
  parseSilenceDuration,
  silenceFor,
  silenceKey,
  type Silence,
  type SilenceScope,
  type SilenceTarget,
} from '../rules/silences.js';
import { WATCH_COLLECTIONS, type AlertState, type WatchRecord } from '../types.js';

/** A silence and the channel it was set from (where its end is announced). */
export interface SilenceRecord {
  silence: Silence;
  platform: Platform;
  channelId: string;
  /** Stamped by the tenant store in OAuth mode: whose silence it is. */
  tenant?: string;
}

/** The silences collection. */
export function silenceRecords(store: BotStore): RecordCollection<SilenceRecord> {
  return store.collection<SilenceRecord>(WATCH_COLLECTIONS.silences);
}

/** Every stored silence that reads back as one, with its tenant (a corrupt record is skipped, never fatal). */
export async function storedSilences(store: BotStore): Promise<SilenceRecord[]> {
  const out: SilenceRecord[] = [];
  for (const record of await silenceRecords(store).list()) {
    const silence = parseSilence(record?.silence);
    if (!silence) continue;
    out.push({ silence, platform: record.platform, channelId: record.channelId });
    if (record.tenant) out[out.length - 1]!.tenant = record.tenant;
  }
  return out;
}

const whoFor = (s: Silence): string => `@${s.by.displayName || s.by.userId}`;

export function silenceSummary(s: Silence, locale: Locale): SilenceSummary {
  return {
    what: describeScope(s.scope, locale),
    by: whoFor(s),
    until: s.until,
    ...(s.reason ? { reason: s.reason } : {}),
  };
}

/** "silenced until 14:05 UTC by @oscar (kernel upgrade)" — the banner of `watches`, in the reader's language. */
export function silenceBanner(s: Silence, locale: Locale = DEFAULT_LOCALE): string {
  const values = { time: new Date(s.until).toISOString().slice(11, 16), who: whoFor(s) };
  return s.reason
    ? t(locale, 'watchState.silencedReason', { ...values, reason: s.reason })
    : t(locale, 'watchState.silenced', values);
}

/** What `watches` needs: the silence of each server, by uuid and last seen location. */
export async function silencesOf(
  store: BotStore,
  now: number,
): Promise<(t: SilenceTarget) => Silence | undefined> {
  const running = activeSilences(
    (await storedSilences(store)).map((r) => r.silence),
    now,
  );
  return (target) => silenceFor(running, target, now);
}

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The scope a typed target names, checked against what is watched: an instance must be a watched
 * server (by uuid or hostname), a location one where a watched server was seen.
 */
async function scopeOf(store: BotStore, target: SilenceTargetRef, locale: Locale): Promise<SilenceScope> {
  if (target.type === 'all') return { type: 'all' };
  const watches = await store.collection<WatchRecord>(WATCH_COLLECTIONS.watches).list();
  const alerts = store.collection<AlertState>(WATCH_COLLECTIONS.alerts);
  const states = await Promise.all(watches.map(async (w) => ({ w, state: await alerts.get(w.id) })));
  if (target.type === 'location') {
    const seen = [...new Set(states.map(({ state }) => state?.location).filter((l): l is string => !!l))];
    const found = seen.find((l) => sameName(l, target.name));
    if (!found)
      throw new UserError(
        'not-found',
        t(locale, 'silenceBook.noLocation', { name: target.name }),
        seen.length > 0
          ? t(locale, 'silenceBook.locations', { locations: seen.sort().join(', ') })
          : t(locale, 'silenceBook.nonePolled'),
      );
    return { type: 'location', location: found };
  }
  const hit = states.find(
    ({ w, state }) =>
      w.instance.uuid === target.ref.toLowerCase() ||
      sameName(w.instance.label, target.ref) ||
      (state?.hostname !== undefined && sameName(state.hostname, target.ref)),
  );
  if (!hit)
    throw new UserError(
      'unknown-instance',
      t(locale, 'silenceBook.notWatched', { ref: target.ref }),
      t(locale, 'silenceBook.seeWatches'),
    );
  return { type: 'instance', uuid: hit.w.instance.uuid, label: hit.state?.hostname ?? hit.w.instance.label };
}

/** The SilenceService over the store. */
export function createSilenceService(store: BotStore, now: () => number = Date.now): SilenceService {
  const records = silenceRecords(store);
  return {
    async set(target, duration, by, where, reason, locale = DEFAULT_LOCALE) {
      const parsed = parseSilenceDuration(duration, locale);
      if (!parsed.ok)
        throw new UserError(
          'invalid-argument',
          t(locale, 'silenceBook.nothingSilenced', { error: parsed.error }),
        );
      const scope = await scopeOf(store, target, locale);
      const silence = createSilence({ scope, ms: parsed.ms, by, now: now(), ...(reason ? { reason } : {}) });
      const before = await records.get(silence.key);
      const replaced = before !== null && (parseSilence(before.silence)?.until ?? 0) > now();
      await records.put(silence.key, { silence, platform: where.platform, channelId: where.channelId });
      return { ...silenceSummary(silence, locale), replaced };
    },
    async remove(target, locale = DEFAULT_LOCALE) {
      const key = silenceKey(
        await scopeOf(store, target, locale).catch((error: unknown) => fallbackScope(target, error)),
      );
      const stored = await records.get(key);
      const silence = stored ? parseSilence(stored.silence) : null;
      if (!silence || silence.until <= now()) return null;
      await records.delete(key);
      return silenceSummary(silence, locale);
    },
    async list(locale = DEFAULT_LOCALE, where) {
      const records = (await storedSilences(store)).filter(
        (r) => !where || (r.platform === where.platform && r.channelId === where.channelId),
      );
      return activeSilences(
        records.map((r) => r.silence),
        now(),
      ).map((s) => silenceSummary(s, locale));
    },
  };
}

/** Unsilencing a location no watched server is in any more still finds its silence by name. */
function fallbackScope(target: SilenceTargetRef, error: unknown): SilenceScope {
  if (target.type === 'location') return { type: 'location', location: target.name };
  throw error;
}

/** "Silence of web-1 ended" — posted once where it was set, in that channel's language. */
export function silenceEndedNotice(s: Silence, locale: Locale = DEFAULT_LOCALE): Message {
  const what = describeScope(s.scope, locale);
  const title = t(locale, 'silenceBook.endedTitle', { what });
  const who = whoFor(s);
  return message(
    title,
    [
      text(t(locale, 'silenceBook.endedLine', { what })),
      context(
        s.reason
          ? t(locale, 'silenceBook.setByReason', { who, reason: s.reason })
          : t(locale, 'silenceBook.setBy', { who }),
      ),
    ],
    { summary: title },
  );
}

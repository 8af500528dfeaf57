// Watches and their alert state in the shared store ("watches" and "alerts" collections), and the
// WatchService the `watch` / `watches` / `unwatch` commands use through ctx.bot.watches.
import { createHash } from 'node:crypto';
import {
  type Platform,
  type BotStore,
  type WatchService,
  DEFAULT_LOCALE,
  t,
  type Locale,
} from '../../core/index.js';
import { type RecordCollection, type WatchSummary, ALERT_KINDS } from '../../core/kit/index.js';
import { cannotPostError } from '../delivery/delivery.js';
import type { AlertMetrics } from '../ports.js';
import { endIncident } from './incident-card.js';
import { createSilenceService, silenceBanner, silencesOf } from './silence-book.js';
import { silenceUntilRunning } from './scheduled-silence.js';
import { WATCH_COLLECTIONS, type AlertState, type WatchRecord } from '../types.js';

/** Short stable id of a watch: the same channel and instance always give the same id. */
export function watchId(platform: Platform, channelId: string, instanceUuid: string): string {
  return createHash('sha256')
    .update(`${platform}\n${channelId}\n${instanceUuid}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The two collections of the watch module. */
export interface WatchBook {
  watches: RecordCollection<WatchRecord>;
  alerts: RecordCollection<AlertState>;
}

/** Opens the watch collections on a store. */
export function watchBook(store: BotStore): WatchBook {
  return {
    watches: store.collection<WatchRecord>(WATCH_COLLECTIONS.watches),
    alerts: store.collection<AlertState>(WATCH_COLLECTIONS.alerts),
  };
}

/** One line describing a watch's current state for `watches`, in the reader's language. */
function describeState(state: AlertState | null, locale: Locale): string {
  if (!state?.lastPolledAt) return t(locale, 'watchState.notPolled');
  const open = Object.values(state.open).filter((a) => a !== undefined);
  if (open.length === 0)
    return t(locale, 'watchState.ok', { status: state.lastStatus ?? t(locale, 'watchState.statusUnknown') });
  return open
    .map((a) =>
      a.acknowledgedBy
        ? t(locale, 'watchState.alertAcked', { detail: a.detail, who: a.acknowledgedBy })
        : t(locale, 'watchState.alert', { detail: a.detail }),
    )
    .join('; ');
}

/** Null when the bot can post in the channel, else why not (see ChannelPoster.checkChannel). */
export type ChannelCheck = (platform: Platform, channelId: string) => Promise<string | null>;

/**
 * The WatchService over the store; `metrics.watches` follows every change. A watch is only stored
 * where `checkChannel` says the bot can post its alerts.
 */
export function createWatchService(
  store: BotStore,
  metrics?: AlertMetrics,
  now: () => number = Date.now,
  checkChannel?: ChannelCheck,
  /** Told after a watch was removed, with the alert state it had (its storms learn it left). */
  onRemoved?: (watch: WatchRecord, state: AlertState | null) => Promise<void>,
): WatchService {
  const book = watchBook(store);
  const count = async (): Promise<void> => metrics?.watches(await book.watches.count());
  return {
    silences: {
      ...createSilenceService(store, now),
      untilRunning: (...args) => silenceUntilRunning(store, now(), ...args),
    },
    async set(platform, channelId, settings, by, locale) {
      const id = watchId(platform, channelId, settings.instance.uuid);
      const cannot = await checkChannel?.(platform, channelId);
      if (cannot) throw cannotPostError(cannot, locale);
      const existing = await book.watches.get(id);
      const record: WatchRecord = {
        id,
        platform,
        channelId,
        instance: settings.instance,
        setBy: { platform: by.platform, userId: by.userId, displayName: by.displayName },
        setAt: now(),
      };
      if (settings.cpuPercent !== undefined) record.cpuPercent = settings.cpuPercent;
      if (settings.memoryPercent !== undefined) record.memoryPercent = settings.memoryPercent;
      if (settings.page !== undefined) record.page = settings.page;
      if (settings.billing) record.billing = settings.billing;
      if (locale) record.ownerLocale = locale;
      await book.watches.put(id, record);
      await count();
      return existing ? 'changed' : 'created';
    },
    async remove(platform, channelId, instanceUuid) {
      const id = watchId(platform, channelId, instanceUuid);
      const existing = await book.watches.get(id);
      if (!existing) return false;
      await book.watches.delete(id);
      const state = await book.alerts.get(id);
      await book.alerts.delete(id);
      for (const kind of ALERT_KINDS) await endIncident(store.ephemeral, id, kind);
      await count();
      await onRemoved?.(existing, state);
      return true;
    },
    async list(platform, channelId, locale = DEFAULT_LOCALE) {
      const mine = (await book.watches.list()).filter(
        (w) => w.platform === platform && w.channelId === channelId,
      );
      const out: WatchSummary[] = [];
      const silenceOf = await silencesOf(store, now());
      for (const stored of mine) {
        const state = await book.alerts.get(stored.id);
        const w = shownWatch(namedWatch(stored, state), locale);
        const silence = silenceOf({
          uuid: w.instance.uuid,
          ...(state?.location ? { location: state.location } : {}),
        });
        const summary: WatchSummary = {
          instance: w.instance,
          setBy: `@${w.setBy.displayName || w.setBy.userId}`,
          setAt: w.setAt,
          state: describeState(state, locale) + (silence ? ` · 🔕 ${silenceBanner(silence, locale)}` : ''),
        };
        if (w.cpuPercent !== undefined) summary.cpuPercent = w.cpuPercent;
        if (w.memoryPercent !== undefined) summary.memoryPercent = w.memoryPercent;
        if (w.billing) summary.billing = w.billing;
        out.push(summary);
      }
      return out.sort((a, b) => a.instance.label.localeCompare(b.instance.label));
    },
  };
}

/** The watch as a channel reads it: the balance watch (stored under the word people type) named in `locale`. */
export function shownWatch(watch: WatchRecord, locale: Locale): WatchRecord {
  return watch.billing
    ? { ...watch, instance: { ...watch.instance, label: t(locale, 'billingWatch.label') } }
    : watch;
}

/** The watch named by the hostname its polls read (a watch set by uuid still says "web-1"). */
export function namedWatch(watch: WatchRecord, state: Pick<AlertState, 'hostname'> | null): WatchRecord {
  const hostname = state?.hostname;
  return hostname && hostname !== watch.instance.label
    ? { ...watch, instance: { ...watch.instance, label: hostname } }
    : watch;
}

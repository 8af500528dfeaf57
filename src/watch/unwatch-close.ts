// What an unwatch closes: the server leaves its storms ("no longer watched"; a storm left with no
// member needing attention recovers), its own open alert cards say it is no longer watched, and
// their pages are resolved — nothing it opened keeps asking for attention.
import type { Locale } from '../i18n/locale.js';
import { resolvedCard } from './cards/alert-card.js';
import { leaveGroups } from './grouped-alerts.js';
import { isGroupCard, type GroupingDeps } from './group-show.js';
import type { ChannelPoster } from '../core/index.js';
import type { GroupBook } from './books/group-book.js';
import type { AlertState, WatchRecord } from './types.js';

/** What closing on unwatch needs: the channel's poster when this process has one (exec has none). */
export type UnwatchDeps = Omit<GroupingDeps, 'poster' | 'send' | 'locale' | 'groups'> & {
  /** The channels' storm groups; absent: no grouping. */
  groups?: GroupBook;
  posterFor(platform: string): ChannelPoster | undefined;
  localeOf(watch: WatchRecord): Promise<Locale>;
  now(): number;
  warn(message: string, detail: Record<string, unknown>): void;
};

/**
 * Closes what the removed watch had open. Without a poster here the group records and pages
 * learn it all the same; a card is then left as it was (the storm's follows at its next edit).
 */
export function closeOnUnwatch(deps: UnwatchDeps) {
  return async (watch: WatchRecord, state: AlertState | null): Promise<void> => {
    const now = deps.now();
    try {
      const poster = deps.posterFor(watch.platform);
      const locale = await deps.localeOf(watch);
      // No poster in this process: the storms' records and pages still learn it, their posts go nowhere.
      const quiet: ChannelPoster = {
        platform: watch.platform,
        post: async () => ({ platform: watch.platform, channelId: watch.channelId, id: '' }),
        update: async () => undefined,
      };
      const { groups } = deps;
      // First the storms (an opener's card is the storm's: it is no longer the alert's own).
      if (groups) {
        const grouping: GroupingDeps = { ...deps, groups, poster: poster ?? quiet, locale, send: (a) => a() };
        await leaveGroups(grouping, watch, state, 'unwatched', now);
      }
      for (const alert of Object.values(state?.open ?? {})) {
        if (!alert) continue;
        // A page that stands for a storm is the storm's: it is resolved when the storm ends.
        const group = alert.group === undefined ? undefined : await groups?.get(watch, alert.group);
        const storms =
          group !== undefined &&
          isGroupCard(group) &&
          group.pagedBy?.watchId === watch.id &&
          group.pagedBy.kind === alert.kind;
        if (storms) await deps.pager?.released(watch.id, alert.kind);
        else await deps.pager?.recovered(watch.id, alert.kind);
        const { ref } = alert;
        if (ref && poster) await poster.update(ref, resolvedCard(watch, alert, now, locale, 'unwatched'));
      }
    } catch (error) {
      deps.warn('watch: closing the alerts of an unwatched server failed', { err: error, watch: watch.id });
    }
  };
}

// An alert's events told to its channel's story (src/core/story.ts) — card posted, grouped,
// recovered, paged, reminded, silence over — for `timeline` and `catchup`. Best effort: a story
// the store refuses never stops an alert, it is only logged.
import type { BotStore } from '../core/index.js';
import { channelKey, type StoryEntry, type StoryKind, type StoryLog } from '../core/kit/index.js';
import { watchBook } from './books/watch-book.js';
import type { IncidentPagerDeps } from './delivery/incident-pages.js';
import type { WatchRecord } from './types.js';

/** Tells one event of `watch`'s server in its channel. */
export type StoryTeller = (
  watch: Pick<WatchRecord, 'platform' | 'channelId' | 'instance'>,
  kind: StoryKind,
  at: number,
  extra?: Pick<StoryEntry, 'by' | 'detail'>,
) => Promise<void>;

/** The teller over the (tenant-scoped) store's stories. */
export function storyTeller(
  story: StoryLog,
  warn: (message: string, detail: Record<string, unknown>) => void,
): StoryTeller {
  return async (watch, kind, at, extra = {}) => {
    try {
      await story.append(channelKey(watch.platform, watch.channelId), {
        at,
        kind,
        subject: watch.instance.label,
        ...(watch.instance.uuid ? { instance: watch.instance.uuid } : {}),
        ...extra,
      });
    } catch (error) {
      warn('watch: the channel’s story could not be told', { err: error, kind });
    }
  };
}

/** A page's moments (incident-pages.ts) in its channel's story: the watch names the channel and the server. */
export function pageTeller(
  store: BotStore,
  warn: (message: string, detail: Record<string, unknown>) => void,
  now: () => number,
): NonNullable<IncidentPagerDeps['told']> {
  const tell = storyTeller(store.story, warn);
  return async (event, watchId, kind) => {
    const watch = await watchBook(store)
      .watches.get(watchId)
      .catch(() => null);
    if (watch) await tell(watch, event, now(), { detail: kind });
  };
}

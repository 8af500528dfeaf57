// An alert's events told to its channel's story (src/core/story.ts) — card posted, grouped,
// recovered, paged, reminded, silence over — for `timeline` and `catchup`; a storm group's page
// (sent, acknowledged, resolved) as the group's, naming its servers. Best effort: a story the
// store refuses never stops an alert, it is only logged.
import type { BotStore } from '../core/index.js';
import { channelKey, type StoryEntry, type StoryKind, type StoryLog } from '../core/kit/index.js';
import type { GroupBook, SharedGroup } from './books/group-book.js';
import { watchBook } from './books/watch-book.js';
import type { IncidentPagerDeps } from './delivery/incident-pages.js';
import { serverCount } from './rules/storm-groups.js';
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

/** Hostnames a storm's story line names; the rest are counted. */
const STORM_NAMED = 5;

/** A storm group as its story lines name it: its servers' hostnames in order, past five counted. */
export function stormSubject(group: SharedGroup): string {
  const hosts = [...new Set(group.members.map((m) => m.hostname))].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  const named = hosts.slice(0, STORM_NAMED).join(', ');
  return hosts.length > STORM_NAMED ? `${named} +${hosts.length - STORM_NAMED}` : named;
}

/** Tells a storm group's page event in its channel's story, as the group's. */
export function tellStorm(
  tell: StoryTeller,
  group: SharedGroup,
  kind: Extract<StoryKind, `group-${string}`>,
  at: number,
): Promise<void> {
  const where = { platform: group.platform, channelId: group.channelId };
  return tell({ ...where, instance: { uuid: '', label: stormSubject(group) } }, kind, at, { detail: group.kind });
}

/**
 * A page's moments (incident-pages.ts) in its channel's story: the watch names the channel and the
 * server — or, when its incident pages for a storm group (the storm took over its page), the group.
 */
export function pageTeller(
  store: BotStore,
  warn: (message: string, detail: Record<string, unknown>) => void,
  now: () => number,
  groups?: GroupBook,
): NonNullable<IncidentPagerDeps['told']> {
  const tell = storyTeller(store.story, warn);
  return async (event, watchId, kind) => {
    const watch = await watchBook(store)
      .watches.get(watchId)
      .catch(() => null);
    if (!watch) return;
    // The open storm (a group card: two servers or more) whose page is this incident's, even once it recovered.
    const storm =
      event === 'page-acknowledged'
        ? (await groups?.open(watch).catch(() => []))?.find(
            (g) => g.pagedBy?.watchId === watchId && g.pagedBy.kind === kind && serverCount(g.members) > 1,
          )
        : undefined;
    if (storm) await tellStorm(tell, storm, 'group-page-acknowledged', now());
    else await tell(watch, event, now(), { detail: kind });
  };
}

// What asks for attention in one channel now, for `status` without a bound instance: its open
// storms (one line each, as the card heads them) and the open alerts no storm card shows — each
// with who acknowledged it, or that its server is silenced.
import { DEFAULT_LOCALE, t, type BotStore, type Locale, type Platform } from '../core/index.js';
import { clockTime } from '../render/time-format.js';
import type { GroupBook } from './books/group-book.js';
import { groupHeadline } from './cards/group-card.js';
import { isGroupCard } from './group-show.js';
import { activeMembers } from './rules/storm-groups.js';
import { watchBook, namedWatch } from './books/watch-book.js';

/** One line per open storm and per open alert of the channel's watches that no storm card shows. */
export async function openIncidents(
  store: BotStore,
  groups: GroupBook,
  platform: Platform,
  channelId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string[]> {
  const storms = (await groups.open({ platform, channelId })).filter(isGroupCard);
  const lines = storms.map((g) => {
    const head = groupHeadline(g, locale);
    return g.acknowledger
      ? t(locale, 'channelStatus.acked', {
          what: head,
          who: `@${g.acknowledger.displayName || g.acknowledger.userId}`,
        })
      : head;
  });
  const onStormCards = new Set(storms.flatMap((g) => activeMembers(g).map((m) => `${m.watchId}:${m.kind}`)));
  const book = watchBook(store);
  const watches = (await book.watches.list()).filter(
    (w) => w.platform === platform && w.channelId === channelId,
  );
  for (const stored of watches) {
    const state = await book.alerts.get(stored.id);
    const label = namedWatch(stored, state).instance.label;
    for (const alert of Object.values(state?.open ?? {})) {
      if (!alert || alert.silent || onStormCards.has(`${stored.id}:${alert.kind}`)) continue;
      const what = t(locale, 'channelStatus.alert', {
        label,
        what: t(locale, `alert.kind.${alert.kind}`),
        since: `${clockTime(new Date(alert.openedAt))} UTC`,
      });
      if (alert.silenced) lines.push(t(locale, 'channelStatus.silenced', { what }));
      else if (alert.acknowledgedBy)
        lines.push(t(locale, 'channelStatus.acked', { what, who: alert.acknowledgedBy }));
      else lines.push(what);
    }
  }
  return lines;
}

// Acknowledge / Snooze on a storm group card. The card's buttons run the same hidden
// `alert ack|snooze <watch-id> <kind>` as a single alert's, naming the watch whose incident opened
// the group; alert-buttons.ts hands the click here when that incident heads a group of several.
// Acknowledging a group acknowledges every failing member, sends PagerDuty `acknowledge` once for
// the group's page (incident-pages.ts claims it, so two clicks or two replicas send one) and shows
// who acknowledged on the card.
import { UserError, type Actor } from '../core/index.js';
import { duration } from '../render/time-format.js';
import type { Message } from '../render/message.js';
import { t } from '../i18n/translate.js';
import type { Locale } from '../i18n/locale.js';
import { acknowledge, snooze } from './alert-rules.js';
import type { GroupBook, GroupClicker, SharedGroup } from './group-book.js';
import type { ChannelPoster } from '../core/index.js';
import { groupTraits } from './group-card.js';
import { activeMembers, serverCount } from './storm-groups.js';
import type { AlertKind } from './types.js';
import type { WatchBook } from './watch-book.js';

/** What a click on a group card needs. */
export interface GroupActionDeps {
  book: WatchBook;
  groups: GroupBook;
  /** The group card rendered as the channel sees it (grouped-alerts.ts). */
  render(group: SharedGroup): Message;
  poster: ChannelPoster | undefined;
  /** Sends PagerDuty `acknowledge` for one incident's page (idempotent). */
  pageAcknowledged?: (watchId: string, kind: string) => Promise<void>;
  /** The channel's language for the answer (default English). */
  locale?: Locale;
}

/** Acknowledges or snoozes every failing member of `group`; the line to answer. */
export async function actOnGroup(
  deps: GroupActionDeps,
  verb: 'ack' | 'snooze',
  group: SharedGroup,
  actor: Actor,
  at: number,
  snoozeMs: number,
): Promise<{ line: string; instance: string }> {
  const channel = { platform: group.platform, channelId: group.channelId };
  const clicker: GroupClicker = {
    platform: actor.platform,
    userId: actor.userId,
    displayName: actor.displayName,
  };
  const marked = await deps.groups.mark(channel, group.id, (g) => {
    if (g.acknowledger) return false;
    if (verb === 'ack') g.acknowledger = clicker;
    else {
      g.snoozedUntil = at + snoozeMs;
      g.snoozer = clicker;
    }
    return true;
  });
  const locale = deps.locale ?? 'en';
  // Ended meanwhile (its last member recovered), or someone acknowledged it first.
  if (!marked.group) throw new UserError('nothing-to-do', t(locale, 'alertGroup.over'));
  if (!marked.changed) throw new UserError('nothing-to-do', t(locale, 'alertGroup.alreadyAcked'));
  const current = marked.group;
  const by = `@${actor.displayName || actor.userId}`;
  for (const member of activeMembers(current)) {
    const state = await deps.book.alerts.get(member.watchId);
    const kind = member.kind as AlertKind;
    const done =
      state !== null &&
      (verb === 'ack'
        ? acknowledge(state, kind, by, at, clicker)
        : snooze(state, kind, by, at, snoozeMs, clicker));
    if (state && done) await deps.book.alerts.put(member.watchId, state);
  }
  if (verb === 'ack' && current.pagedBy)
    await deps.pageAcknowledged?.(current.pagedBy.watchId, current.pagedBy.kind);
  if (current.ref && deps.poster) await deps.poster.update(current.ref, deps.render(current));
  const count = serverCount(activeMembers(current));
  const traits = groupTraits(current, locale);
  const line =
    verb === 'ack'
      ? t(locale, 'alertGroup.acked', { count, traits })
      : t(locale, 'alertGroup.snoozed', { count, traits, span: duration(snoozeMs, locale) });
  return { line, instance: traits };
}

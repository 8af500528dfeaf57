// Storm grouping wired into the poll: a new incident is placed among its channel's groups before
// it is shown. The first incident of a storm posts its own card as before; incidents joining the
// group post nothing of their own and page nothing (the group's first incident pages for all), and
// the first card becomes the group card, edited as members join and recover, with one recovery
// notice when the last one does. The group pages once, through its first member whose watch pages.
import type { AlertEffect } from './alert-rules.js';
import { alertCommand } from './alert-card.js';
import { t } from '../i18n/translate.js';
import type { Locale } from '../i18n/locale.js';
import { contextWith, person } from '../render/builders.js';
import type { Inline, Message } from '../render/message.js';
import { SHOWN_ON_CARD, updateGroupThread } from './group-thread.js';
import type { GroupBook, SharedGroup } from './group-book.js';
import type { IncidentPager } from './incident-pages.js';
import { isPaced, type ChannelPoster } from './ports.js';
import { groupCard, groupRecoveredNotice } from './group-card.js';
import { serverCount, type GroupChannel, type IncidentKind } from './storm-groups.js';
import type { AlertState, OpenAlert, RecentChange, WatchRecord } from './types.js';

/** What grouping needs from the poll. */
export interface GroupingDeps {
  groups: GroupBook;
  poster: ChannelPoster;
  pager?: IncidentPager;
  /** The last change made through the bot on the server (who made and approved it), when the audit knows. */
  recentChange?: (watch: WatchRecord, now: number) => Promise<RecentChange | undefined>;
  /** Delivers one post or edit with retries (delivery.ts). */
  send<T>(attempt: () => Promise<T>): Promise<T>;
  /** Reminds the channel of a group still unacknowledged (reminders.ts: once per period for the group). */
  remindGroup?(group: SharedGroup, now: number): Promise<void>;
  /** The channel's language for the group card, its thread and its recovery (default English). */
  locale?: Locale;
}

/** "Unreachable" is one per channel already (the outage claim): never grouped. */
// The balance watch is no server: it never joins a storm of servers.
const groupable = (kind: string): kind is Exclude<IncidentKind, 'unreachable'> =>
  kind !== 'unreachable' && kind !== 'balance';

const channelOf = (watch: WatchRecord): GroupChannel => ({
  platform: watch.platform,
  channelId: watch.channelId,
});

const isOpener = (group: SharedGroup, watch: WatchRecord, kind: string) =>
  group.opener.watchId === watch.id && group.opener.kind === kind;

/** A group card is shown once the group spans two servers (one server failing two ways is not a storm). */
const isGroupCard = (group: SharedGroup) => serverCount(group.members) > 1;

/** The group card as the channel sees it: who acknowledged or snoozed it, and its buttons while open. */
export function renderGroup(group: SharedGroup, now: number = Date.now(), locale: Locale = 'en'): Message {
  // The rest is in the thread once one was claimed (group-thread.ts); `watches` lists every one anyway.
  const rest =
    group.threadClaimed !== undefined
      ? t(locale, 'alertGroup.restInThread', { count: group.members.length })
      : t(locale, 'alertGroup.restInWatches');
  const card = groupCard(group, { shown: SHOWN_ON_CARD, rest, locale });
  const notes: Inline[][] = [];
  if (group.acknowledger) notes.push([t(locale, 'alertGroup.ackedBy'), person(group.acknowledger)]);
  else if (group.snoozer && (group.snoozedUntil ?? 0) > now)
    notes.push([t(locale, 'alertGroup.snoozedBy'), person(group.snoozer)]);
  if (notes.length > 0) card.blocks.push(contextWith(notes.flatMap((n, i) => (i === 0 ? n : [' · ', ...n]))));
  if (group.endedAt === undefined && !group.acknowledger) {
    const { watchId, kind } = group.opener;
    card.actions = [
      {
        label: t(locale, 'alertGroup.button.ack'),
        command: alertCommand('ack', watchId, kind),
        style: 'primary',
      },
      { label: t(locale, 'alertGroup.button.snooze'), command: alertCommand('snooze', watchId, kind) },
    ];
  }
  return card;
}

async function editGroupCard(deps: GroupingDeps, group: SharedGroup | undefined): Promise<void> {
  if (!group?.ref || !isGroupCard(group)) return;
  const { ref } = group;
  const { poster } = deps;
  const channel = { platform: group.platform, channelId: group.channelId };
  // Rendered from the shared record when it goes out (paced), so no replica's older view wins.
  const latest = async () =>
    renderGroup((await deps.groups.get(channel, group.id)) ?? group, Date.now(), deps.locale);
  const edit = () =>
    isPaced(poster)
      ? deps.send(() => poster.refresh(ref, latest))
      : deps.send(async () => poster.update(ref, await latest()));
  const [, opened] = await Promise.all([edit(), updateGroupThread(deps, group)]);
  // The thread opened meanwhile: the card's last line now points to it ("all 45 in the thread").
  // Whichever went first, the card is rendered once more after the claim (coalesced when paced).
  if (opened) await edit();
}

/**
 * Before an open / update / remind effect is shown: places an incident not shown yet in its
 * channel's groups. True when the group card shows it, so the caller posts, edits and pages nothing
 * for this watch; false when the watch shows its own card (it opened the group, or is alone in it).
 */
export async function shownByGroup(
  deps: GroupingDeps,
  watch: WatchRecord,
  state: AlertState,
  effect: Exclude<AlertEffect, { type: 'resolve' }>,
  alert: OpenAlert,
  now: number,
): Promise<boolean> {
  if (!groupable(alert.kind)) return false;
  const channel = channelOf(watch);
  // The card says "status Error"; the alert's own detail is "Status Error".
  const detail = alert.kind === 'status' && state.lastStatus ? state.lastStatus : alert.detail;
  if (alert.group === undefined && alert.ref === undefined && effect.type !== 'remind') {
    const change = alert.change ?? (await deps.recentChange?.(watch, now));
    const decision = await deps.groups.place(
      channel,
      {
        watchId: watch.id,
        hostname: watch.instance.label,
        uuid: watch.instance.uuid,
        kind: alert.kind,
        detail,
        openedAt: alert.openedAt,
        ...(state.location ? { location: state.location } : {}),
        ...(change ? { change } : {}),
      },
      watch.page !== false,
    );
    alert.group = decision.group.id;
    // The opener pages (or not) on the caller's usual path.
    if (isOpener(decision.group, watch, alert.kind) || !isGroupCard(decision.group)) return false;
    if (decision.pageIt) await deps.pager?.opened(watch, alert);
    if (decision.type === 'join') await editGroupCard(deps, decision.group);
    return true;
  }
  if (alert.group === undefined) return false;
  const group = await deps.groups.get(channel, alert.group);
  // The group ended or expired: the watch shows its own card again.
  if (!group) return false;
  const shown = isGroupCard(group);
  if (shown && effect.type === 'remind') await deps.remindGroup?.(group, now);
  const member = group.members.find((m) => m.watchId === watch.id && m.kind === alert.kind);
  if (shown && member && member.recoveredAt === undefined && member.detail !== detail)
    await editGroupCard(deps, await deps.groups.restate(channel, group.id, member, detail));
  return shown;
}

/** After the group's first card was posted: the group learns it, and shows as a group if others joined meanwhile. */
export async function cardPosted(deps: GroupingDeps, watch: WatchRecord, alert: OpenAlert): Promise<void> {
  if (alert.group === undefined || !alert.ref) return;
  await editGroupCard(deps, await deps.groups.attach(channelOf(watch), alert.group, alert.ref));
}

/**
 * At recovery: true when the group shows it (a member of a group of several), so the caller posts
 * no recovery of its own; the group's one recovery notice and the page's resolve go out when the
 * last member recovers.
 */
export async function recoveredInGroup(
  deps: GroupingDeps,
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
): Promise<boolean> {
  if (alert.group === undefined || alert.kind === 'balance') return false;
  const out = await deps.groups.recover(
    channelOf(watch),
    alert.group,
    { watchId: watch.id, kind: alert.kind },
    now,
  );
  const { group } = out;
  if (!group || !isGroupCard(group)) return false;
  if (!out.changed) return true;
  // A member that paged on its own (it showed its own card before the group spanned two servers)
  // resolves its own page now; the group's page waits for the last member.
  const pagesForGroup = group.pagedBy?.watchId === watch.id && group.pagedBy.kind === alert.kind;
  if (!pagesForGroup && alert.ref !== undefined) await deps.pager?.recovered(watch.id, alert.kind);
  if (out.ended && group.pagedBy) await deps.pager?.recovered(group.pagedBy.watchId, group.pagedBy.kind);
  await editGroupCard(deps, group);
  if (out.ended)
    await deps.send(() => deps.poster.post(watch.channelId, groupRecoveredNotice(group, now, deps.locale)));
  return true;
}

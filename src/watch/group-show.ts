// Showing a storm group: its card as the channel sees it (who acknowledged, the actions an on-call
// needs), its edits, its page — re-sent with the same dedup key as the storm grows or shrinks by
// half — and what follows a member recovering or leaving: when none needs attention any more, the
// page resolved, the card recovered and one recovery notice; the full member list in the card's
// thread (Slack thread_ts; Discord a reply on the card) once the group outgrows what the card
// lists. One message per chunk of hostnames: each is
// posted once (claimed in the shared group record, so two replicas never post the same chunk) and
// then edited from the shared record as members join and recover — paced like every other post.
import { alertCommand } from './cards/alert-card.js';
import { t } from '../i18n/translate.js';
import { tellStorm, type StoryTeller } from './story-record.js';
import type { Locale } from '../i18n/locale.js';
import { contextWith, message, person, text } from '../render/builders.js';
import type { Button, Inline, Message } from '../render/message.js';
import type { EphemeralState, MessageRef } from '../core/index.js';
import type { GroupBook, SharedGroup } from './books/group-book.js';
import type { IncidentPager } from './delivery/incident-pages.js';
import { isPaced } from './ports.js';
import { type ChannelPoster } from '../core/index.js';
import type { RecentChange, WatchRecord } from './types.js';
import {
  groupCard,
  groupHeadline,
  groupRecoveredNotice,
  groupThreadTexts,
  orderedMembers,
  sharedLocation,
} from './cards/group-card.js';
import { activeMembers, serverCount, type GroupChannel } from './rules/storm-groups.js';

/** What grouping needs from the poll. */
export interface GroupingDeps {
  groups: GroupBook;
  /** Where the incident-card claims live (an opener leaving gives its card to the group). */
  state: EphemeralState;
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
  /** Tells a member joining, leaving and recovering to the channel's story (story-record.ts). */
  tell?: StoryTeller;
}

/** A group card is shown once the group spans two servers (one server failing two ways is not a storm). */
export const isGroupCard = (group: SharedGroup) => serverCount(group.members) > 1;

/** Hostnames a page's details name (the rest counted); PagerDuty shows custom details as one table. */
const PAGED_MEMBERS = 25;

// A location name carried by the Silence button's command: plain words only (the command is parsed, never shown).
const SAFE_LOCATION = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;

const channelOf = (group: SharedGroup): GroupChannel => ({
  platform: group.platform,
  channelId: group.channelId,
});

/** The actions an on-call needs on an open, unacknowledged storm. */
function groupActions(group: SharedGroup, locale: Locale): Button[] {
  const { watchId, kind } = group.opener;
  const actions: Button[] = [
    {
      label: t(locale, 'alertGroup.button.ack'),
      command: alertCommand('ack', watchId, kind),
      style: 'primary',
    },
  ];
  const location = group.location;
  // The silence command reads a word like "2h" as the duration: such a name gets no button.
  if (location !== undefined && SAFE_LOCATION.test(location) && !/(^|\s)\d+[dhm]/i.test(location))
    actions.push({
      label: t(locale, 'alertGroup.button.silenceLocation', { location }),
      command: `silence location ${location} 1h`,
    });
  actions.push(
    { label: t(locale, 'alertGroup.button.members'), command: alertCommand('members', watchId, kind) },
    {
      label: t(locale, 'alertGroup.button.snooze'),
      command: alertCommand('snooze', watchId, kind),
      more: true,
    },
  );
  const runbook = orderedMembers(group).find((m) => m.runbook)?.runbook;
  if (runbook) actions.push({ label: t(locale, 'alertCard.button.runbook'), url: runbook, more: true });
  return actions;
}

/** The group card as the channel sees it: who acknowledged or snoozed it, and its actions while open. */
export function renderGroup(group: SharedGroup, now: number = Date.now(), locale: Locale = 'en'): Message {
  // The rest is in the thread once one was claimed (updateGroupThread below); `watches` lists every one anyway.
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
  if (group.endedAt === undefined && !group.acknowledger) card.actions = groupActions(group, locale);
  return card;
}

/** Edits the group card (and its thread) from the shared record as it is when the edit goes out. */
export async function editGroupCard(deps: GroupingDeps, group: SharedGroup | undefined): Promise<void> {
  if (!group?.ref || !isGroupCard(group)) return;
  const { ref } = group;
  const { poster } = deps;
  // Rendered from the shared record when it goes out (paced), so no replica's older view wins.
  const latest = async () =>
    renderGroup((await deps.groups.get(channelOf(group), group.id)) ?? group, Date.now(), deps.locale);
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
 * Pages the storm as a storm once it spans two servers, and again when its failing servers change by
 * half; each page sent is told to the channel's story as the group's.
 */
export async function pageStorm(deps: GroupingDeps, group: SharedGroup, now: number): Promise<void> {
  if (!deps.pager) return;
  const due = await deps.groups.repage(channelOf(group), group.id);
  if (!due?.pageKey) return;
  const failing = [...new Set(activeMembers(due).map((m) => m.hostname))].sort();
  const first = failing[0] ?? due.opener.watchId;
  const location = sharedLocation(due.members);
  // Pages read in English, as PagerDuty's own screens do.
  const sent = await deps.pager.stormTriggered(
    {
      dedupKey: due.pageKey,
      summary: groupHeadline(due, 'en'),
      source: location ?? first,
      kind: due.kind,
      at: due.openedAt,
      customDetails: {
        servers: failing.length,
        members: failing.slice(0, PAGED_MEMBERS).join(', '),
        ...(failing.length > PAGED_MEMBERS ? { unlisted: failing.length - PAGED_MEMBERS } : {}),
        ...(location !== undefined ? { location } : {}),
      },
    },
    async () => (await deps.groups.get(channelOf(group), group.id))?.endedAt !== undefined,
  );
  if (sent && deps.tell) await tellStorm(deps.tell, due, 'group-paged', now);
}

/**
 * After a member recovered or left (`ended`: none needs attention any more): the page follows (re-sent
 * or resolved), the card is edited, and the one recovery notice goes out when it ended.
 */
export async function groupSettled(
  deps: GroupingDeps,
  group: SharedGroup,
  ended: boolean,
  now: number,
): Promise<void> {
  if (ended) {
    if (group.pageKey) {
      const resolved = await deps.pager?.stormFollowed('resolve', group.pageKey);
      if (resolved && deps.tell) await tellStorm(deps.tell, group, 'group-page-resolved', now);
    } else if (group.pagedBy) await deps.pager?.recovered(group.pagedBy.watchId, group.pagedBy.kind);
    // The storm's key was its first paging member's: that member's next incident pages anew.
    if (group.pagedBy) await deps.pager?.released(group.pagedBy.watchId, group.pagedBy.kind, group.pageKey);
  } else await pageStorm(deps, group, now);
  await editGroupCard(deps, group);
  if (ended)
    await deps.send(() => deps.poster.post(group.channelId, groupRecoveredNotice(group, now, deps.locale)));
}

/** Members the card itself names; a bigger group's full list goes into the thread. */
export const SHOWN_ON_CARD = 40;

/** What the thread needs from grouping. */
export interface ThreadDeps {
  groups: GroupBook;
  poster: ChannelPoster;
  send<T>(attempt: () => Promise<T>): Promise<T>;
  /** The channel's language (default English). */
  locale?: Locale;
}

/** Thread message `index` (from 0) of the group as it is now; its head names the part only, so it changes only with its lines. */
export function threadMessage(group: SharedGroup, index: number, locale: Locale = 'en'): Message | undefined {
  const chunk = groupThreadTexts(group, { locale })[index];
  if (chunk === undefined) return undefined;
  const title = t(locale, 'alertGroup.threadHead', { part: index + 1 });
  return message(title, [text(chunk)], { summary: title });
}

/** Whether the group's members go to its thread (it has more than the card shows, and a thread can be had). */
export function hasThread(group: SharedGroup, poster: ChannelPoster): boolean {
  return poster.reply !== undefined && group.ref !== undefined && group.members.length > SHOWN_ON_CARD;
}

/**
 * Posts the chunks nobody posted yet and refreshes the ones already in the thread. True when this
 * call opened the thread (claimed its first chunk): the card's last line then changes.
 */
export async function updateGroupThread(deps: ThreadDeps, group: SharedGroup): Promise<boolean> {
  const { poster } = deps;
  const card = group.ref;
  if (!card || !poster.reply || !hasThread(group, poster)) return false;
  const channel = { platform: group.platform, channelId: group.channelId };
  const { locale } = deps;
  const chunks = groupThreadTexts(group, { locale }).length;
  let from = chunks;
  const claimed = await deps.groups.mark(channel, group.id, (g) => {
    from = g.threadClaimed ?? 0;
    if (chunks <= from) return false;
    g.threadClaimed = chunks;
    return true;
  });
  const current = async () => (await deps.groups.get(channel, group.id)) ?? group;
  for (const [index, ref] of (claimed.group?.thread ?? []).entries()) {
    if (!ref || index >= from) continue;
    const latest = async () => threadMessage(await current(), index, locale) ?? message(undefined, []);
    if (isPaced(poster)) await deps.send(() => poster.refresh(ref, latest));
    else await deps.send(async () => poster.update(ref, await latest()));
  }
  if (!claimed.changed) return false;
  for (let index = from; index < chunks; index += 1) {
    const body = threadMessage(await current(), index, locale) ?? threadMessage(group, index, locale);
    if (!body) continue;
    const ref: MessageRef = await deps.send(() => poster.reply!(card, body));
    await deps.groups.mark(channel, group.id, (g) => {
      g.thread = [...(g.thread ?? [])];
      g.thread[index] = ref;
      return true;
    });
  }
  return from === 0;
}

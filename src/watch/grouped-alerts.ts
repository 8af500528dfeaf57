// Storm grouping wired into the poll: a new incident is placed among its channel's groups before
// it is shown. The first incident of a storm posts its own card as before; incidents joining the
// group post nothing of their own and page nothing (the group's page stands for all), and the first
// card becomes the group card, edited as members join, recover and leave, with one recovery notice
// when none needs attention any more. A member leaves still failing when it is silenced, unwatched
// or deleted; if it still fails once that is over, it is a new incident of its own.
import type { AlertEffect } from './rules/alert-rules.js';
import type { SharedGroup } from './books/group-book.js';
import { endIncident } from './books/incident-card.js';
import { editGroupCard, groupSettled, isGroupCard, pageStorm, type GroupingDeps } from './group-show.js';
import {
  activeMembers,
  type GroupChannel,
  type IncidentKind,
  type LeaveReason,
} from './rules/storm-groups.js';
import type { AlertState, OpenAlert, WatchRecord } from './types.js';

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

const activeIn = (group: SharedGroup, watchId: string, kind?: string) =>
  activeMembers(group).some((m) => m.watchId === watchId && (kind === undefined || m.kind === kind));

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
  let detached = false;
  if (alert.group !== undefined) {
    const group = await deps.groups.get(channel, alert.group);
    // The group ended or expired: the watch shows its own card again.
    if (!group) return false;
    // It left the storm (silenced, deleted) and fails still: from now on an incident of its own.
    const left = group.members.find((m) => m.watchId === watch.id && m.left !== undefined)?.left;
    detached = !activeIn(group, watch.id, alert.kind) && left !== undefined;
    // Still deleted: the card's line says so, and nothing else is shown until the server is back.
    if (detached && left === 'gone' && state.open.gone) return true;
    // One with a card of its own (a server alone in its group) simply goes on as that incident.
    if (detached && alert.ref !== undefined) {
      delete alert.group;
      return false;
    }
    if (detached) await detach(deps, watch, alert, now);
    else {
      const shown = isGroupCard(group);
      adoptGroupAck(alert, group);
      if (shown && effect.type === 'remind') await deps.remindGroup?.(group, now);
      const member = activeMembers(group).find((m) => m.watchId === watch.id && m.kind === alert.kind);
      if (shown && member && member.detail !== detail)
        await editGroupCard(deps, await deps.groups.restate(channel, group.id, member, detail));
      return shown;
    }
  }
  if (alert.ref !== undefined || (effect.type === 'remind' && !detached)) return false;
  if (alert.kind === 'gone' && (await goneFromGroup(deps, watch, state, alert, now))) return true;
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
      ...(alert.runbook ? { runbook: alert.runbook } : {}),
    },
    watch.page !== false,
  );
  alert.group = decision.group.id;
  // The opener pages (or not) on the caller's usual path.
  if (isOpener(decision.group, watch, alert.kind) || !isGroupCard(decision.group)) return false;
  if (decision.pageIt) await deps.pager?.opened(watch, alert);
  adoptGroupAck(alert, decision.group);
  if (decision.type === 'join') {
    await deps.tell?.(watch, 'joined', now, { detail: alert.detail });
    await editGroupCard(deps, decision.group);
    await pageStorm(deps, decision.group, now);
  }
  return true;
}

/**
 * A member of an acknowledged storm is acknowledged too: a click that landed before this poll
 * stored the member's alert (or before it joined) could not mark it.
 */
function adoptGroupAck(alert: OpenAlert, group: SharedGroup): void {
  const by = group.acknowledger;
  if (!by || alert.acknowledgedBy) return;
  alert.acknowledgedBy = `@${by.displayName || by.userId}`;
  alert.acknowledger = by;
}

/** A member that left and still fails: a new incident from now (its own card, page and reminders). */
async function detach(deps: GroupingDeps, watch: WatchRecord, alert: OpenAlert, now: number): Promise<void> {
  delete alert.group;
  delete alert.silenced;
  delete alert.remindedAt;
  alert.openedAt = now;
  await endIncident(deps.state, watch.id, alert.kind);
  await deps.pager?.released(watch.id, alert.kind);
}

/** A server of a storm that is deleted leaves it ("no longer exists"); its gone incident is that line. */
async function goneFromGroup(
  deps: GroupingDeps,
  watch: WatchRecord,
  state: AlertState,
  alert: OpenAlert,
  now: number,
): Promise<boolean> {
  const home = await deps.groups.homeOf(channelOf(watch), watch.id);
  if (!home || !isGroupCard(home)) return false;
  alert.group = home.id;
  await leaveGroup(deps, watch, state, home.id, 'gone', now);
  return true;
}

/**
 * The server leaves the group still failing (`reason` says why on the card); the group recovers when
 * no member needs attention any more. An opener's card is the group's from now on.
 */
export async function leaveGroup(
  deps: GroupingDeps,
  watch: Pick<WatchRecord, 'id' | 'platform' | 'channelId'>,
  state: AlertState | null,
  groupId: string,
  reason: LeaveReason,
  now: number,
): Promise<void> {
  const channel = channelOf(watch as WatchRecord);
  const known = await deps.groups.get(channel, groupId);
  if (!known || !activeIn(known, watch.id)) return;
  const out = await deps.groups.leave(channel, groupId, watch.id, reason, now);
  if (!out.group || !out.changed || !isGroupCard(out.group)) return;
  const member = out.group.members.find((m) => m.watchId === watch.id);
  if (member)
    await deps.tell?.({ ...watch, instance: { uuid: member.uuid, label: member.hostname } }, 'left', now, {
      detail: reason,
    });
  // The opener's card is the group card: its incident keeps no card of its own.
  for (const alert of Object.values(state?.open ?? {}))
    if (alert?.group === groupId && alert.ref !== undefined && alert.ref.id === out.group.ref?.id) {
      delete alert.ref;
      await endIncident(deps.state, watch.id, alert.kind);
    }
  await groupSettled(deps, out.group, out.ended, now);
}

/** Every group this watch's open incidents are in, left for `reason` (silenced, unwatched). */
export async function leaveGroups(
  deps: GroupingDeps,
  watch: Pick<WatchRecord, 'id' | 'platform' | 'channelId'>,
  state: AlertState | null,
  reason: LeaveReason,
  now: number,
): Promise<void> {
  const ids = new Set(Object.values(state?.open ?? {}).flatMap((a) => (a?.group ? [a.group] : [])));
  for (const id of ids) await leaveGroup(deps, watch, state, id, reason, now);
}

/** After the group's first card was posted: the group learns it, and shows as a group if others joined meanwhile. */
export async function cardPosted(
  deps: GroupingDeps,
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
): Promise<void> {
  if (alert.group === undefined || !alert.ref) return;
  const group = await deps.groups.attach(channelOf(watch), alert.group, alert.ref);
  if (group && isGroupCard(group)) await pageStorm(deps, group, now);
  await editGroupCard(deps, group);
}

/**
 * At recovery: true when the group shows it (a member of a group of several), so the caller posts
 * no recovery of its own; the group's one recovery notice and the page's resolve go out when no
 * member needs attention any more.
 */
export async function recoveredInGroup(
  deps: GroupingDeps,
  watch: WatchRecord,
  alert: OpenAlert,
  now: number,
): Promise<boolean> {
  if (alert.kind === 'balance') return false;
  // Placed in a poll whose end the store did not see (it went down): the group still lists it.
  if (alert.group === undefined && groupable(alert.kind)) {
    const home = await deps.groups.homeOf(channelOf(watch), watch.id);
    if (home && activeIn(home, watch.id, alert.kind)) alert.group = home.id;
  }
  if (alert.group === undefined) return false;
  const out = await deps.groups.recover(
    channelOf(watch),
    alert.group,
    { watchId: watch.id, kind: alert.kind },
    now,
  );
  const { group } = out;
  if (!group || !isGroupCard(group)) return false;
  if (!out.changed) return true;
  await deps.tell?.(watch, 'recovered', now, { detail: alert.kind });
  // A member that paged on its own (it showed its own card before the group spanned two servers)
  // resolves its own page now; the group's page waits for the last member.
  const pagesForGroup = group.pagedBy?.watchId === watch.id && group.pagedBy.kind === alert.kind;
  if (!pagesForGroup && alert.ref !== undefined) await deps.pager?.recovered(watch.id, alert.kind);
  await groupSettled(deps, group, out.ended, now);
  return true;
}

// Storm groups kept in the shared store, one record per channel, changed only under the channel's
// lock so two replicas polling members of one storm place them in one group (storm-groups.ts
// decides; this module reads, locks and writes).
import type { BotStore, MessageRef } from '../../core/index.js';
import { withChannelLock } from './channel-lock.js';
import { pageKeyOf } from '../delivery/incident-pages.js';
import {
  activeMembers,
  leaveMember,
  placeIncident,
  recoverMember,
  serverCount,
  type LeaveReason,
  type Settled,
  type GroupChannel,
  type GroupDecision,
  type GroupIncident,
  type IncidentKind,
  type StormGroup,
} from '../rules/storm-groups.js';

/** A member by watch and kind. */
export type MemberKey = { watchId: string; kind: IncidentKind };

/**
 * A group, the watch whose incident opened it (its card becomes the group card), the first member
 * whose watch pages (its page stands for the group: `--no-page` members page nothing) and the card
 * once posted.
 */
export type SharedGroup = StormGroup & {
  opener: MemberKey;
  pagedBy?: MemberKey;
  /** The dedup key of the page standing for the group (pagedBy's own, taken over by the storm). */
  pageKey?: string;
  /** How many servers the group's last page named (re-paged when that changes by half or more). */
  pagedCount?: number;
  ref?: MessageRef;
  /** Who acknowledged the whole group from its card (alert-buttons.ts). */
  acknowledger?: GroupClicker;
  /** Until when the group's reminders are snoozed, and by whom. */
  snoozedUntil?: number;
  snoozer?: GroupClicker;
  /** Thread messages claimed (group-show.ts), and their refs once posted (by chunk). */
  threadClaimed?: number;
  thread?: (MessageRef | null)[];
};

/** A person who clicked a group card's button. */
export type GroupClicker = { platform: string; userId: string; displayName: string };

/** How long a channel's groups are kept without a change (an incident open for a week is long over). */
const GROUPS_KEPT_MS = 7 * 24 * 60 * 60_000;

/** How long an ended group stays readable. */
const ENDED_KEPT_MS = 10 * 60_000;

const groupsKey = (c: GroupChannel) => `watch-groups:${c.platform}:${c.channelId}`;
const lockName = (c: GroupChannel) => `watch-groups-lock:${c.platform}:${c.channelId}`;

/** The groups of one channel in the shared store. */
export function groupBook(store: BotStore, windowMs: number, now: () => number = Date.now) {
  const read = async (channel: GroupChannel): Promise<SharedGroup[]> => {
    const raw = await store.ephemeral.get(groupsKey(channel));
    return raw ? (JSON.parse(raw) as SharedGroup[]) : [];
  };
  // Ended groups are kept a little (a late edit renders the final card), never joined again.
  const write = (channel: GroupChannel, groups: SharedGroup[]) =>
    store.ephemeral.set(
      groupsKey(channel),
      JSON.stringify(groups.filter((g) => g.endedAt === undefined || now() - g.endedAt < ENDED_KEPT_MS)),
      GROUPS_KEPT_MS,
    );
  const locked = <T>(
    channel: GroupChannel,
    work: (groups: SharedGroup[]) => { groups: SharedGroup[]; result: T },
  ): Promise<T> =>
    withChannelLock(store.leases, lockName(channel), async () => {
      const out = work(await read(channel));
      await write(channel, out.groups);
      return out.result;
    });
  const replace = (groups: SharedGroup[], next: SharedGroup): SharedGroup[] => {
    const known = groups.find((g) => g.id === next.id);
    const merged: SharedGroup = known?.ref ? { ...next, ref: known.ref } : next;
    return [...groups.filter((g) => g.id !== next.id), merged];
  };
  // Recovering or leaving: the pure decision applied to the shared record, its other fields kept.
  const settled = (channel: GroupChannel, id: string, decide: (group: StormGroup) => Settled) =>
    locked<SettledShared>(channel, (groups) => {
      const group = groups.find((g) => g.id === id);
      if (!group) return { groups, result: { changed: false, ended: false } };
      const out = decide(group);
      const next: SharedGroup = { ...group, ...out.group };
      return {
        groups: replace(groups, next),
        result: { group: next, changed: out.changed, ended: out.ended },
      };
    });
  return {
    /** The group with this id, if it is still open. */
    async get(channel: GroupChannel, id: string): Promise<SharedGroup | undefined> {
      return (await read(channel)).find((g) => g.id === id);
    },
    /**
     * Places a new incident: opens a group, joins one, or finds it already a member. `pageIt`: this
     * incident pages for the group (it is the first of the group whose watch pages).
     */
    place(
      channel: GroupChannel,
      incident: GroupIncident,
      pages: boolean,
    ): Promise<GroupDecision & { group: SharedGroup; pageIt: boolean }> {
      return locked(channel, (groups) => {
        const decision = placeIncident(groups, channel, incident, { windowMs });
        const key: MemberKey = { watchId: incident.watchId, kind: incident.kind };
        const placed: SharedGroup =
          decision.type === 'open' ? { ...decision.group, opener: key } : (decision.group as SharedGroup);
        const pageIt = pages && placed.pagedBy === undefined;
        if (pageIt) {
          placed.pagedBy = key;
          placed.pageKey = pageKeyOf(incident.watchId, incident.kind, incident.openedAt);
        }
        const next = replace(groups, placed);
        const group = next.find((g) => g.id === decision.group.id) as SharedGroup;
        return { groups: next, result: { ...decision, group, pageIt } };
      });
    },
    /** The channel's open groups. */
    async open(channel: GroupChannel): Promise<SharedGroup[]> {
      return (await read(channel)).filter((g) => g.endedAt === undefined);
    },
    /** The open group this server is an active member of (a server is in one open group at most). */
    async homeOf(channel: GroupChannel, watchId: string): Promise<SharedGroup | undefined> {
      return (await read(channel)).find(
        (g) => g.endedAt === undefined && activeMembers(g).some((m) => m.watchId === watchId),
      );
    },
    /** The open group of several members whose card this watch's incident opened (its buttons name the opener). */
    async openedBy(
      channel: GroupChannel,
      member: { watchId: string; kind: string },
    ): Promise<SharedGroup | undefined> {
      return (await read(channel)).find(
        (g) =>
          g.endedAt === undefined &&
          serverCount(g.members) > 1 &&
          g.opener.watchId === member.watchId &&
          g.opener.kind === member.kind,
      );
    },
    /**
     * Changes a group under the channel's lock; `change` returns false to leave it as it is (already
     * acknowledged, say). The group as it is after, and whether this call changed it.
     */
    mark(
      channel: GroupChannel,
      id: string,
      change: (group: SharedGroup) => boolean,
    ): Promise<{ group?: SharedGroup; changed: boolean }> {
      return locked(channel, (groups) => {
        const group = groups.find((g) => g.id === id && g.endedAt === undefined);
        const changed = group !== undefined && change(group);
        return { groups, result: group ? { group, changed } : { changed } };
      });
    },
    /** Records the card the group's first incident was posted on; the group as it is now. */
    attach(channel: GroupChannel, id: string, ref: MessageRef): Promise<SharedGroup | undefined> {
      return locked(channel, (groups) => {
        const group = groups.find((g) => g.id === id);
        if (group) group.ref = ref;
        return { groups, result: group };
      });
    },
    /** A member's condition changed ("status Error" → "status Stopped"); the group as it is now. */
    restate(
      channel: GroupChannel,
      id: string,
      member: MemberKey,
      detail: string,
    ): Promise<SharedGroup | undefined> {
      return locked(channel, (groups) => {
        const group = groups.find((g) => g.id === id);
        const found =
          group && activeMembers(group).find((m) => m.watchId === member.watchId && m.kind === member.kind);
        if (found) found.detail = detail;
        return { groups, result: group };
      });
    },
    /** A member recovered; `ended` once the last one did. */
    recover(
      channel: GroupChannel,
      id: string,
      member: Pick<GroupIncident, 'watchId' | 'kind'>,
      at: number,
    ): Promise<SettledShared> {
      return settled(channel, id, (group) => recoverMember(group, member, at));
    },
    /** A server left the group still failing (why: `reason`); `ended` once no member needs attention. */
    leave(channel: GroupChannel, id: string, watchId: string, reason: LeaveReason, at: number) {
      return settled(channel, id, (group) => leaveMember(group, watchId, reason, at));
    },
    /**
     * The group to page again, when its failing servers changed by half or more since its last
     * page (and it still has some): recorded here, under the lock, so one replica sends it.
     */
    repage(channel: GroupChannel, id: string): Promise<SharedGroup | undefined> {
      return locked(channel, (groups) => {
        const group = groups.find((g) => g.id === id && g.endedAt === undefined);
        const count = group ? serverCount(activeMembers(group)) : 0;
        const last = group?.pagedCount ?? 1;
        const due = group?.pageKey !== undefined && count > 1 && Math.abs(count - last) * 2 >= last;
        if (group && due) group.pagedCount = count;
        return { groups, result: due ? group : undefined };
      });
    },
  };
}

/** A group after a member recovered or left. */
export type SettledShared = { group?: SharedGroup; changed: boolean; ended: boolean };

/** The groups of a channel as poll-once uses them. */
export type GroupBook = ReturnType<typeof groupBook>;

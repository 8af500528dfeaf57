// Storm grouping, pure: when many servers fail at once (a location outage), the first incident in
// a channel gets its card as today, and incidents opening in the same channel within the window
// after it with the same kind or the same location join that card, which becomes a group card
// ("🛑 30 servers need attention — Jakarta 1 · status Error"). Members recover one by one; the
// group is over, with one recovery, when the last one does. Groups are plain JSON records so the
// store can share them between replicas; these functions only decide.

import type { AlertKind } from '../../core/kit/index.js';
import type { RecentChange } from '../types.js';

/** Incidents join a group opened at most this long before them (VPSOPS_ALERT_GROUP_WINDOW_SECONDS). */
export const DEFAULT_GROUP_WINDOW_MS = 30_000;

export type IncidentKind = Exclude<AlertKind, 'balance'>;

/** An incident as grouping sees it. */
export interface GroupIncident {
  watchId: string;
  hostname: string;
  uuid: string;
  kind: IncidentKind;
  location?: string;
  /** What the condition looks like, e.g. "Error" for status or "CPU 93 %"; shared details head the card. */
  detail?: string;
  /** The last change made through the bot shortly before, from the audit ("instance stop by oscar at 14:02"). */
  change?: RecentChange | string;
  /** The runbook the policy file names for the server (the group card links the first). */
  runbook?: string;
  openedAt: number;
}

/** Why a member left a group while still failing (it no longer needs the storm's attention). */
export type LeaveReason = 'silenced' | 'unwatched' | 'gone';

/** A member of a group; `recoveredAt` once its condition cleared, `left` once it left otherwise. */
export interface GroupMember extends GroupIncident {
  recoveredAt?: number;
  left?: LeaveReason;
  leftAt?: number;
}

/** The group of one storm in one channel; its traits are those of its first incident. */
export interface StormGroup {
  /** Stable from the first incident: the same on every replica, and PagerDuty's dedup key. */
  id: string;
  platform: string;
  channelId: string;
  kind: IncidentKind;
  location?: string;
  openedAt: number;
  members: GroupMember[];
  /** When the last member recovered or left: the group is over. */
  endedAt?: number;
}

/** The channel an incident is shown in. */
export interface GroupChannel {
  platform: string;
  channelId: string;
}

/**
 * What to do with a new incident: post its own card and open a group (`open`), add it to an
 * existing group's card (`join`), or nothing new (`member`: already an active member — another
 * replica's poll, or a repeated observation). `group` is the group as it is after the decision.
 */
export type GroupDecision =
  | { type: 'open'; group: StormGroup }
  | { type: 'join'; group: StormGroup }
  | { type: 'member'; group: StormGroup };

export const sameLocation = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

const isMember = (m: GroupMember, incident: Pick<GroupIncident, 'watchId' | 'kind'>) =>
  m.watchId === incident.watchId && m.kind === incident.kind;

/** The id of a group opened by this incident. */
export function groupId(first: Pick<GroupIncident, 'watchId' | 'kind' | 'openedAt'>): string {
  return `g-${first.watchId}-${first.kind}-${first.openedAt.toString(36)}`;
}

/** Decides where a new incident goes among the channel's groups (ended or other channels' groups are ignored). */
export function placeIncident(
  groups: readonly StormGroup[],
  channel: GroupChannel,
  incident: GroupIncident,
  options: { windowMs?: number } = {},
): GroupDecision {
  const windowMs = options.windowMs ?? DEFAULT_GROUP_WINDOW_MS;
  const open = groups
    .filter(
      (g) => g.endedAt === undefined && g.platform === channel.platform && g.channelId === channel.channelId,
    )
    .sort((a, b) => a.openedAt - b.openedAt);
  const already = open.find((g) => activeMembers(g).some((m) => isMember(m, incident)));
  if (already) return { type: 'member', group: already };
  // A server is in one open group at most: its other incidents join the group it is already in.
  const home = open.find((g) => activeMembers(g).some((m) => m.watchId === incident.watchId));
  // Replicas' clocks differ a little: an incident stamped just before the group's first one still joins it.
  const target =
    home ??
    open.find(
      (g) =>
        Math.abs(incident.openedAt - g.openedAt) <= windowMs &&
        (g.kind === incident.kind || sameLocation(g.location, incident.location)),
    );
  if (!target) {
    const group: StormGroup = {
      id: groupId(incident),
      platform: channel.platform,
      channelId: channel.channelId,
      kind: incident.kind,
      openedAt: incident.openedAt,
      members: [{ ...incident }],
    };
    if (incident.location !== undefined) group.location = incident.location;
    return { type: 'open', group };
  }
  const group = structuredClone(target);
  // A member that recovered (or left) and failed again while the storm lasts comes back to life in place.
  group.members = group.members.filter((m) => !isMember(m, incident));
  group.members.push({ ...incident });
  return { type: 'join', group };
}

/** Members still needing attention: neither recovered nor left. */
export function activeMembers(group: StormGroup): GroupMember[] {
  return group.members.filter(isActive);
}

const isActive = (m: GroupMember) => m.recoveredAt === undefined && m.left === undefined;

/** How many servers (not incidents) these members are: a server failing two ways counts once. */
export function serverCount(members: readonly GroupMember[]): number {
  return new Set(members.map((m) => m.watchId)).size;
}

/** What settling members did: `changed` false when none was active; `ended` true exactly once, when the last one settles. */
export interface Settled {
  group: StormGroup;
  changed: boolean;
  ended: boolean;
}

/** Settles the active members `which` picks (recovered or left); the group ends when none is left active. */
function settle(
  group: StormGroup,
  which: (m: GroupMember) => boolean,
  mark: (m: GroupMember) => void,
  at: number,
): Settled {
  if (group.endedAt !== undefined || !group.members.some((m) => isActive(m) && which(m)))
    return { group, changed: false, ended: false };
  const next = structuredClone(group);
  for (const m of next.members) if (isActive(m) && which(m)) mark(m);
  const ended = activeMembers(next).length === 0;
  if (ended) next.endedAt = at;
  return { group: next, changed: true, ended };
}

/**
 * Records that a member recovered. `changed` is false when it was not an active member; `ended`
 * is true exactly once, when the last active member recovers — the moment for the one recovery.
 */
export function recoverMember(
  group: StormGroup,
  member: Pick<GroupIncident, 'watchId' | 'kind'>,
  at: number,
): Settled {
  return settle(
    group,
    (m) => isMember(m, member),
    (m) => (m.recoveredAt = at),
    at,
  );
}

/**
 * Records that a server left the group still failing (silenced, unwatched, gone): every
 * incident of it leaves; the group ends when no member is left needing attention.
 */
export function leaveMember(group: StormGroup, watchId: string, reason: LeaveReason, at: number): Settled {
  return settle(
    group,
    (m) => m.watchId === watchId,
    (m) => Object.assign(m, { left: reason, leftAt: at }),
    at,
  );
}

// Storm grouping, pure: when many servers fail at once (a location outage), the first incident in
// a channel gets its card as today, and incidents opening in the same channel within the window
// after it with the same kind or the same location join that card, which becomes a group card
// ("🛑 30 servers need attention — Jakarta 1 · status Error"). Members recover one by one; the
// group is over, with one recovery, when the last one does. Groups are plain JSON records so the
// store can share them between replicas; these functions only decide.

import type { RecentChange } from './types.js';

/** Incidents join a group opened at most this long before them (VPSOPS_ALERT_GROUP_WINDOW_SECONDS). */
export const DEFAULT_GROUP_WINDOW_MS = 30_000;

export type IncidentKind = 'status' | 'cpu' | 'memory' | 'gone' | 'unreachable';

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
  openedAt: number;
}

/** A member of a group; `recoveredAt` once its condition cleared. */
export interface GroupMember extends GroupIncident {
  recoveredAt?: number;
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
  /** When the last member recovered: the group is over. */
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
  const already = open.find((g) =>
    g.members.some((m) => isMember(m, incident) && m.recoveredAt === undefined),
  );
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
  // A member that recovered and failed again while the storm lasts comes back to life in place.
  group.members = group.members.filter((m) => !isMember(m, incident));
  group.members.push({ ...incident });
  return { type: 'join', group };
}

/** Members still failing. */
export function activeMembers(group: StormGroup): GroupMember[] {
  return group.members.filter((m) => m.recoveredAt === undefined);
}

/** How many servers (not incidents) these members are: a server failing two ways counts once. */
export function serverCount(members: readonly GroupMember[]): number {
  return new Set(members.map((m) => m.watchId)).size;
}

/**
 * Records that a member recovered. `changed` is false when it was not an active member; `ended`
 * is true exactly once, when the last active member recovers — the moment for the one recovery.
 */
export function recoverMember(
  group: StormGroup,
  member: Pick<GroupIncident, 'watchId' | 'kind'>,
  at: number,
): { group: StormGroup; changed: boolean; ended: boolean } {
  const index = group.members.findIndex((m) => isMember(m, member) && m.recoveredAt === undefined);
  if (index < 0 || group.endedAt !== undefined) return { group, changed: false, ended: false };
  const next = structuredClone(group);
  (next.members[index] as GroupMember).recoveredAt = at;
  const ended = activeMembers(next).length === 0;
  if (ended) next.endedAt = at;
  return { group: next, changed: true, ended };
}

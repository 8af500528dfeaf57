// Storm grouping, pure: when many servers fail at once (a location outage), the first incident in
// a channel gets its card as today, and incidents opening in the same channel within the window
// after it with the same kind or the same location join that card, which becomes a group card
// ("🛑 30 servers need attention — Jakarta 1 · status Error"). Members recover one by one; the
// group is over, with one recovery, when the last one does. Groups are plain JSON records so the
// store can share them between replicas; these functions only decide.
import { contextWith, fields, message, text } from '../render/builders.js';
import { clockTime, duration } from '../render/format.js';
import type { Message } from '../render/message.js';
import { shorten } from '../render/shorten.js';

/** Incidents join a group opened at most this long before them (VPSOPS_ALERT_GROUP_WINDOW_SECONDS). */
export const DEFAULT_GROUP_WINDOW_MS = 30_000;
/** Hostnames listed on the card itself; all of them go to its thread. */
export const DEFAULT_SHOWN_ON_CARD = 10;
/** One thread message's text limit: under Discord's 2000 characters and Slack's 3000 per block. */
export const DEFAULT_THREAD_CHUNK = 1900;

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
  change?: string;
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

const sameLocation = (a: string | undefined, b: string | undefined) =>
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
  // Replicas' clocks differ a little: an incident stamped just before the group's first one still joins it.
  const target = open.find(
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

const KIND_LABELS: Record<IncidentKind, string> = {
  status: 'status',
  cpu: 'CPU above threshold',
  memory: 'memory above threshold',
  gone: 'gone',
  unreachable: 'hosting API unreachable',
};

/** "status Error" when the members share kind and detail, else the kind alone; nothing across kinds. */
function sharedCondition(members: readonly GroupMember[]): string | undefined {
  const kinds = new Set(members.map((m) => m.kind));
  if (kinds.size !== 1) return undefined;
  const kind = members[0]?.kind as IncidentKind;
  const details = new Set(members.map((m) => m.detail ?? ''));
  const detail = details.size === 1 ? [...details][0] : '';
  if (kind === 'status') return detail ? `status ${detail}` : 'status';
  return KIND_LABELS[kind];
}

function sharedLocation(members: readonly GroupMember[]): string | undefined {
  const first = members[0]?.location;
  return first !== undefined && members.every((m) => sameLocation(m.location, first)) ? first : undefined;
}

/** "Jakarta 1 · status Error": what the members have in common (all of them, recovered included). */
export function groupTraits(group: StormGroup): string {
  const traits = [sharedLocation(group.members), sharedCondition(group.members)].filter(Boolean);
  return traits.length > 0 ? traits.join(' · ') : 'several locations and kinds';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "🛑 30 servers need attention — Jakarta 1 · status Error", or the recovery line once it is over. */
export function groupHeadline(group: StormGroup): string {
  const total = group.members.length;
  if (group.endedAt !== undefined)
    return `✅ ${plural(total, 'server', 'servers')} recovered — ${groupTraits(group)}`;
  const failing = activeMembers(group).length;
  const verb = failing === 1 ? 'needs' : 'need';
  return `🛑 ${plural(failing, 'server', 'servers')} ${verb} attention — ${groupTraits(group)}`;
}

/** "web-1 — status Error (Jakarta 1)" or "web-1 — recovered". */
function memberLine(member: GroupMember): string {
  if (member.recoveredAt !== undefined) return `✅ ${member.hostname} — recovered`;
  const condition =
    member.kind === 'status' && member.detail
      ? `status ${member.detail}`
      : (member.detail ?? KIND_LABELS[member.kind]);
  const where = member.location ? ` (${member.location})` : '';
  return `• ${member.hostname} — ${condition}${where}${member.change ? ` — after ${member.change}` : ''}`;
}

/**
 * The group card: headline, counts, the first `shown` hostnames (failing ones first) and where to
 * find the rest. It carries no ticking duration, so it changes only when membership does.
 */
export function groupCard(
  group: StormGroup,
  options: {
    shown?: number;
    /** Where the unlisted rest is named (default: the thread). */ rest?: string;
  } = {},
): Message {
  const shown = options.shown ?? DEFAULT_SHOWN_ON_CARD;
  const title = groupHeadline(group);
  const failing = activeMembers(group);
  const recovered = group.members.length - failing.length;
  const ordered = [...failing, ...group.members.filter((m) => m.recoveredAt !== undefined)];
  const listed = ordered.slice(0, shown).map(memberLine);
  const more = ordered.length - listed.length;
  const rest = options.rest ?? `all ${group.members.length} in the thread`;
  if (more > 0) listed.push(`…and ${more} more — ${rest}.`);
  const rows: [string, unknown][] = [
    ['Failing', failing.length],
    ['Recovered', recovered],
    ['Since', `${clockTime(new Date(group.openedAt))} UTC`],
  ];
  const ended = group.endedAt !== undefined;
  return message(
    title,
    [fields(rows, { inline: true }), text(listed.join('\n')), contextWith([`Group ${group.id}`])],
    {
      tone: ended ? 'success' : group.kind === 'cpu' || group.kind === 'memory' ? 'warning' : 'danger',
      summary: title,
    },
  );
}

/** Every member, one per line, in thread messages of at most `maxChars` each (a longer line is cut). */
export function groupThreadTexts(group: StormGroup, options: { maxChars?: number } = {}): string[] {
  const max = options.maxChars ?? DEFAULT_THREAD_CHUNK;
  const chunks: string[] = [];
  let current = '';
  for (const line of group.members.map((m) => shorten(memberLine(m), max))) {
    if (current && current.length + 1 + line.length > max) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** The one recovery posted when the last member recovered. */
export function groupRecoveredNotice(group: StormGroup, now: number): Message {
  const line = `All ${plural(group.members.length, 'server', 'servers')} of the storm (${groupTraits(group)}) recovered after ${duration((group.endedAt ?? now) - group.openedAt)}.`;
  return message(undefined, [text(line)], { tone: 'success', summary: line });
}

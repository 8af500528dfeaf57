// The storm group card as people see it: headline ("🛑 30 servers need attention — Jakarta 1 ·
// status Error"), counts of distinct servers, the first hostnames, every member in thread texts,
// and the one recovery notice. Pure; storm-groups.ts decides membership.
import { contextWith, fields, message, text } from '../render/builders.js';
import { clockTime, duration } from '../render/format.js';
import type { Message } from '../render/message.js';
import { shorten } from '../render/shorten.js';
import {
  activeMembers,
  sameLocation,
  serverCount,
  type GroupMember,
  type IncidentKind,
  type StormGroup,
} from './storm-groups.js';

/** Hostnames listed on the card itself; all of them go to its thread. */
export const DEFAULT_SHOWN_ON_CARD = 10;
/** One thread message's text limit: under Discord's 2000 characters and Slack's 3000 per block. */
export const DEFAULT_THREAD_CHUNK = 1900;

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
  const total = serverCount(group.members);
  if (group.endedAt !== undefined)
    return `✅ ${plural(total, 'server', 'servers')} recovered — ${groupTraits(group)}`;
  const failing = serverCount(activeMembers(group));
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
  const failingServers = serverCount(failing);
  const recovered = serverCount(group.members) - failingServers;
  const ordered = [...failing, ...group.members.filter((m) => m.recoveredAt !== undefined)];
  const listed = ordered.slice(0, shown).map(memberLine);
  const more = ordered.length - listed.length;
  const rest = options.rest ?? `all ${group.members.length} in the thread`;
  if (more > 0) listed.push(`…and ${more} more — ${rest}.`);
  const rows: [string, unknown][] = [
    ['Failing', failingServers],
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
  const line = `All ${plural(serverCount(group.members), 'server', 'servers')} of the storm (${groupTraits(group)}) recovered after ${duration((group.endedAt ?? now) - group.openedAt)}.`;
  return message(undefined, [text(line)], { tone: 'success', summary: line });
}

// The storm group card as people see it: headline ("🛑 30 servers need attention — Jakarta 1 ·
// status Error"), counts of distinct servers, the first hostnames, every member in thread texts,
// and the one recovery notice. Pure; storm-groups.ts decides membership.
import { fields, message, text } from '../../render/builders.js';
import { clockTime, duration } from '../../render/time-format.js';
import type { Message } from '../../render/message.js';
import { shorten } from '../../render/shorten.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../core/index.js';
import { changeText } from './recent-change.js';
import {
  activeMembers,
  sameLocation,
  serverCount,
  type GroupMember,
  type IncidentKind,
  type StormGroup,
} from '../rules/storm-groups.js';

/** Hostnames listed on the card itself; all of them go to its thread. */
export const DEFAULT_SHOWN_ON_CARD = 10;
/** One thread message's text limit: under Discord's 2000 characters and Slack's 3000 per block. */
export const DEFAULT_THREAD_CHUNK = 1900;

/** What a kind of incident is called on the card, in the channel's language. */
function kindLabel(kind: IncidentKind, locale: Locale): string {
  if (kind === 'status' || kind === 'gone') return t(locale, `alertGroup.kind.${kind}`);
  return t(locale, `alert.kind.${kind}`);
}

/** "status Error" when the members share kind and detail, else the kind alone; nothing across kinds. */
function sharedCondition(members: readonly GroupMember[], locale: Locale): string | undefined {
  const kinds = new Set(members.map((m) => m.kind));
  if (kinds.size !== 1) return undefined;
  const kind = members[0]?.kind as IncidentKind;
  const details = new Set(members.map((m) => m.detail ?? ''));
  const detail = details.size === 1 ? [...details][0] : '';
  if (kind === 'status' && detail) return t(locale, 'alertGroup.status', { detail });
  return kindLabel(kind, locale);
}

/** The location every member is in, if they share one. */
export function sharedLocation(members: readonly GroupMember[]): string | undefined {
  const first = members[0]?.location;
  return first !== undefined && members.every((m) => sameLocation(m.location, first)) ? first : undefined;
}

/** "Jakarta 1 · status Error": what the members have in common (all of them, recovered included). */
export function groupTraits(group: StormGroup, locale: Locale = DEFAULT_LOCALE): string {
  const traits = [sharedLocation(group.members), sharedCondition(group.members, locale)].filter(Boolean);
  return traits.length > 0 ? traits.join(' · ') : t(locale, 'alertGroup.mixed');
}

/** Servers failing now, servers that left the storm still failing, and the rest (recovered). */
export function groupCounts(group: StormGroup): { failing: number; left: number; recovered: number } {
  const failing = new Set(activeMembers(group).map((m) => m.watchId));
  const left = new Set(
    group.members.filter((m) => m.left !== undefined && !failing.has(m.watchId)).map((m) => m.watchId),
  );
  return {
    failing: failing.size,
    left: left.size,
    recovered: serverCount(group.members) - failing.size - left.size,
  };
}

/** "30 servers need attention — Jakarta 1 · status Error", or the recovery line once it is over (the tone gives the icon). */
export function groupHeadline(group: StormGroup, locale: Locale = DEFAULT_LOCALE): string {
  const traits = groupTraits(group, locale);
  const counts = groupCounts(group);
  if (group.endedAt === undefined) return t(locale, 'alertGroup.headline', { count: counts.failing, traits });
  if (counts.left === 0)
    return t(locale, 'alertGroup.headlineRecovered', { count: counts.recovered, traits });
  return t(locale, 'alertGroup.headlineOver', { ...counts, traits });
}

/** Members as the card lists them: still failing first, then recovered, then those that left; by hostname within each. */
export function orderedMembers(group: StormGroup): GroupMember[] {
  const rank = (m: GroupMember) => (m.left !== undefined ? 2 : m.recoveredAt !== undefined ? 1 : 0);
  return [...group.members].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.hostname.localeCompare(b.hostname, 'en', { numeric: true }) ||
      a.kind.localeCompare(b.kind),
  );
}

/** "web-1 — status Error (Jakarta 1)", "web-1 — recovered" or "web-1 — left: silenced". */
function memberLine(member: GroupMember, locale: Locale): string {
  if (member.left !== undefined)
    return t(locale, `alertGroup.memberLeft.${member.left}`, { hostname: member.hostname });
  if (member.recoveredAt !== undefined)
    return t(locale, 'alertGroup.memberRecovered', { hostname: member.hostname });
  const condition =
    member.kind === 'status' && member.detail
      ? t(locale, 'alertGroup.status', { detail: member.detail })
      : (member.detail ?? kindLabel(member.kind, locale));
  const where = member.location ? ` (${member.location})` : '';
  const change = member.change ? changeText(member.change, locale) : undefined;
  const after = change ? ` — ${t(locale, 'alertGroup.after', { change })}` : '';
  return `• ${member.hostname} — ${condition}${where}${after}`;
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
    locale?: Locale;
  } = {},
): Message {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const shown = options.shown ?? DEFAULT_SHOWN_ON_CARD;
  const title = groupHeadline(group, locale);
  const counts = groupCounts(group);
  const ordered = orderedMembers(group);
  const listed = ordered.slice(0, shown).map((m) => memberLine(m, locale));
  const more = ordered.length - listed.length;
  const rest = options.rest ?? t(locale, 'alertGroup.restInThread', { count: group.members.length });
  if (more > 0) listed.push(t(locale, 'alertGroup.more', { count: more, rest }));
  const rows: [string, unknown][] = [
    [t(locale, 'alertGroup.field.failing'), counts.failing],
    [t(locale, 'alertGroup.field.recovered'), counts.recovered],
    ...(counts.left > 0 ? [[t(locale, 'alertGroup.field.left'), counts.left] as [string, unknown]] : []),
    [t(locale, 'alertGroup.field.since'), `${clockTime(new Date(group.openedAt))} UTC`],
  ];
  const ended = group.endedAt !== undefined;
  return message(title, [fields(rows, { inline: true }), text(listed.join('\n'))], {
    tone: ended ? 'success' : group.kind === 'cpu' || group.kind === 'memory' ? 'warning' : 'danger',
    summary: title,
  });
}

/** Every member, one per line, in thread messages of at most `maxChars` each (a longer line is cut). */
export function groupThreadTexts(
  group: StormGroup,
  options: { maxChars?: number; locale?: Locale } = {},
): string[] {
  const max = options.maxChars ?? DEFAULT_THREAD_CHUNK;
  const locale = options.locale ?? DEFAULT_LOCALE;
  const chunks: string[] = [];
  let current = '';
  for (const line of orderedMembers(group).map((m) => shorten(memberLine(m, locale), max))) {
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
export function groupRecoveredNotice(
  group: StormGroup,
  now: number,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const counts = groupCounts(group);
  const values = {
    traits: groupTraits(group, locale),
    span: duration((group.endedAt ?? now) - group.openedAt, locale),
  };
  const line =
    counts.left === 0
      ? t(locale, 'alertGroup.recoveredNotice', { count: counts.recovered, ...values })
      : t(locale, 'alertGroup.overNotice', { ...counts, ...values });
  return message(undefined, [text(line)], { tone: 'success', summary: line });
}

// The channel's story as `timeline`, its export, `catchup` and `handoff` tell it: the story the
// store keeps (alert events, notes, hand-offs) merged in time order with the confirmed actions of
// the audit trail (who asked, who approved, how it ended), one line each.
import { t, UserError, type AuditRecord, type CommandContext, type Locale } from '../../src/core/index.js';
import { shorten } from '../../src/render/shorten.js';
import { outcomeWord, target } from '../bot-audit.js';

/** A story entry as the commands' port takes it (the core's StoryEntry, read off `ctx.bot.story`). */
export type StoryEntry = Parameters<CommandContext['bot']['story']['add']>[1];
/** Who an entry names. */
export type StoryPerson = NonNullable<StoryEntry['by']>;
type StoryKind = StoryEntry['kind'];

/** One event of the story, as every view of it reads it. */
export interface StoryItem {
  at: number;
  kind: StoryKind | 'action';
  /** The server (or what a silence covers), as shown. */
  subject: string;
  instance?: string;
  by?: string;
  to?: string;
  /** A confirmed action's command and, when a second person confirmed it, who. */
  command?: string;
  approver?: string;
  outcome?: string;
  detail?: string;
}

/** Audit records read for the confirmed actions (the newest of the trail's tail). */
const AUDIT_SCAN = 5_000;
/** A line's words at most (a note's text is cut here too). */
const LINE_CHARS = 300;

/** "30m", "2h", "3d", "1w" → ms before `now`; a clear refusal otherwise. */
export function sinceDuration(text: string, now: number, locale: Locale): number {
  const found = /^(\d{1,5})\s*(m|h|d|w)$/i.exec(text.trim());
  if (!found)
    throw new UserError(
      'invalid-argument',
      t(locale, 'story.badSince', { value: shorten(text, 41) }),
      t(locale, 'story.sinceHint'),
    );
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[
    (found[2] ?? 'm').toLowerCase() as 'm' | 'h' | 'd' | 'w'
  ];
  return now - Number(found[1]) * unit;
}

/** Where the story starts: `--since <duration>`, `--from <ISO time>`, else `fallback`. */
export function storyStart(
  args: { since?: string | undefined; from?: string | undefined },
  now: number,
  locale: Locale,
  fallback: number,
): number {
  if (args.since && args.from)
    throw new UserError('usage', t(locale, 'story.bothSince'), t(locale, 'story.sinceHint'));
  if (args.since) return sinceDuration(args.since, now, locale);
  if (args.from) {
    const at = Date.parse(args.from);
    if (!/^\d{4}-\d{2}-\d{2}/.test(args.from) || Number.isNaN(at))
      throw new UserError(
        'invalid-argument',
        t(locale, 'story.badFrom', { value: shorten(args.from, 41) }),
        t(locale, 'story.sinceHint'),
      );
    return at;
  }
  return fallback;
}

const nameOf = (record: AuditRecord) => record.displayName || record.userId;

/** The confirmed actions of the trail at or after `since`, each with who asked and who approved. */
function confirmedActions(records: AuditRecord[], since: number): StoryItem[] {
  const asked = new Map<string, AuditRecord>();
  for (const record of records) if (record.confirmation === 'pending') asked.set(record.invocationId, record);
  return records.flatMap((record): StoryItem[] => {
    const at = Date.parse(record.time);
    if (record.confirmation !== 'confirmed' || record.result === 'calling' || !(at >= since)) return [];
    const request = asked.get(record.invocationId);
    const by = request ? nameOf(request) : nameOf(record);
    const approver = request && request.userId !== record.userId ? nameOf(record) : undefined;
    const instance = Object.values(record.args ?? {}).find(
      (v): v is { uuid: string } => typeof v === 'object' && v !== null && 'uuid' in v,
    );
    return [
      {
        at,
        kind: 'action',
        subject: target(record),
        command: record.command,
        by,
        outcome: outcomeWord(record),
        ...(approver ? { approver } : {}),
        ...(instance ? { instance: instance.uuid } : {}),
      },
    ];
  });
}

/** The channel's story from `since` (ms) in time order; with `server`, only what concerns it (hostname or uuid). */
export async function storyItems(ctx: CommandContext, since: number, server?: string): Promise<StoryItem[]> {
  const [entries, records] = await Promise.all([
    ctx.bot.story.read(ctx.channelId, since),
    ctx.bot.recentAudit(ctx.channelId, AUDIT_SCAN),
  ]);
  const told: StoryItem[] = entries.map((entry) => ({
    at: entry.at,
    kind: entry.kind,
    subject: entry.subject ?? '',
    ...(entry.instance ? { instance: entry.instance } : {}),
    ...(entry.by ? { by: entry.by.name || entry.by.userId } : {}),
    ...(entry.to ? { to: entry.to.name || entry.to.userId } : {}),
    ...(entry.detail ? { detail: entry.detail } : {}),
  }));
  const all = [...told, ...confirmedActions(records, since)].sort((a, b) => a.at - b.at);
  if (!server) return all;
  const wanted = server.toLowerCase();
  return all.filter(
    (item) => item.subject.toLowerCase() === wanted || item.instance?.toLowerCase() === wanted,
  );
}

/** The line's words (without its time), in `locale`. */
export function itemText(item: StoryItem, locale: Locale): string {
  const by = item.by ?? t(locale, 'story.bot');
  if (item.kind === 'action') {
    const parts = [
      t(locale, 'story.line.action', { command: item.command ?? '', target: item.subject, by }),
      ...(item.approver ? [t(locale, 'story.line.approved', { approver: item.approver })] : []),
      t(locale, 'story.line.outcome', { outcome: item.outcome ?? '' }),
    ];
    return shorten(parts.join(' · '), LINE_CHARS);
  }
  const head = t(locale, `story.line.${item.kind}`, {
    subject: item.subject,
    by,
    to: item.to ?? t(locale, 'story.nobody'),
  });
  return shorten(item.detail ? `${head} — ${item.detail}` : head, LINE_CHARS);
}

/**
 * Tells what the asker just did (acknowledged, snoozed, silenced…) to the channel's story. Best
 * effort: the action is done already, and a story the store refuses must not undo its answer.
 */
export async function tellStory(ctx: CommandContext, entry: Omit<StoryEntry, 'at' | 'by'>): Promise<void> {
  const by = { userId: ctx.actor.userId, name: ctx.actor.displayName || ctx.actor.userId };
  await ctx.bot.story.add(ctx.channelId, { ...entry, at: ctx.now().getTime(), by }).catch(() => undefined);
}

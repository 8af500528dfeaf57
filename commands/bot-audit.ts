// `audit`: the channel's recent actions as a timeline, one outcome word per record.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  type AuditRecord,
  type CommandContext,
  UserError,
  isUuid,
  t,
  type Locale,
} from '../src/core/index.js';
import { matches, parseSince, type AuditFilter } from './shared/audit-filter.js';
import { clock } from './shared/dates.js';
import { DASH, show } from './shared/format.js';

/** Error ids that mean the request itself was wrong or pointless, not that something failed. */
const INVALID_IDS = new Set([
  'unknown-command',
  'usage',
  'invalid-argument',
  'nothing-to-do',
  'unknown-instance',
  'ambiguous-instance',
  'no-bound-instance',
]);

/**
 * One word per way an action can end: ok / denied / invalid / cancelled / expired / failed: <code>,
 * and for a confirmed call: calling (no answer yet) / unknown / unknown (interrupted).
 */
export function outcomeWord(record: AuditRecord): string {
  if (record.result === 'unknown') return record.interrupted ? 'unknown (interrupted)' : 'unknown';
  if (record.result === 'calling') return 'calling';
  if (record.decision === 'denied') return 'denied';
  if (record.decision === 'invalid' || (record.errorId && INVALID_IDS.has(record.errorId))) return 'invalid';
  if (record.confirmation === 'expired') return 'expired';
  if (record.result === 'cancelled' || record.confirmation === 'cancelled') return 'cancelled';
  if (record.result === 'pending') return 'pending';
  if (record.result === 'ok') return 'ok';
  const code = record.errorId ?? (record.apiStatus !== undefined ? `HTTP ${record.apiStatus}` : 'error');
  return `failed: ${code}`;
}

/** The word (as `--outcome` takes it, in every language), then who confirmed and the summary. */
function outcome(record: AuditRecord, locale: Locale): string {
  const parts = [outcomeWord(record)];
  if (record.confirmation === 'confirmed' && record.confirmedBy)
    parts.push(t(locale, 'audit.confirmedBy', { who: record.confirmedBy }));
  if (record.summary) parts.push(record.summary);
  return parts.join(' · ');
}

const REDACTED = '[redacted]';

/** The target, named by hostname when it was typed as a uuid the bot has learned since. */
async function namedTarget(ctx: CommandContext, record: AuditRecord): Promise<string> {
  const raw = target(record);
  return isUuid(raw) ? ((await ctx.bot.hostnameOf(raw)) ?? raw) : raw;
}

/**
 * What the action was aimed at: the instance label, else the id it named (a snapshot, backup,
 * network or IP uuid); options such as `--limit 5` or a threshold are not a target.
 */
export function target(record: AuditRecord): string {
  const values = Object.values(record.args ?? {});
  const instance = values.find(
    (v): v is { label: unknown } => typeof v === 'object' && v !== null && 'label' in v,
  );
  if (instance) return show(instance.label);
  const id = values.find((v): v is string => typeof v === 'string' && v !== REDACTED && isUuid(v));
  return id === undefined ? DASH : show(id);
}

/**
 * Labels records' targets for --instance, which may name a hostname learned after the record was
 * written (cached per uuid); without --instance the raw target.
 */
function targetLabeler(ctx: CommandContext, byInstance: boolean): (r: AuditRecord) => Promise<string> {
  const names = new Map<string, Promise<string>>();
  return (r) => {
    const raw = target(r);
    if (!byInstance || !isUuid(raw)) return Promise.resolve(raw);
    if (!names.has(raw)) names.set(raw, namedTarget(ctx, r));
    return names.get(raw)!;
  };
}

/** One row of the table: when, where (every channel), who, what, on what, how it ended. */
async function auditRow(ctx: CommandContext, r: AuditRecord, now: Date, allChannels: boolean) {
  const time = new Date(r.time);
  return [
    Number.isNaN(time.getTime()) ? show(r.time) : clock(time, now),
    ...(allChannels ? [`${r.platform}:${r.channelId}`] : []),
    r.displayName ? `${r.displayName} (${r.platform}:${r.userId})` : `${r.platform}:${r.userId}`,
    show(r.command),
    await namedTarget(ctx, r),
    outcome(r, ctx.locale),
  ];
}

/** The table's headings, in the reader's language. */
function auditColumns(locale: Locale, allChannels: boolean): string[] {
  const column = (name: 'time' | 'channel' | 'who' | 'command' | 'target' | 'outcome') =>
    t(locale, `audit.column.${name}`);
  return [
    column('time'),
    ...(allChannels ? [column('channel')] : []),
    column('who'),
    column('command'),
    column('target'),
    column('outcome'),
  ];
}

/** A filter option: a short text flag. */
const filterText = { max: 80 };

/** Records scanned per `audit` (the newest of the log's tail), before filters and paging. */
const SCAN = 5_000;

/** `audit`: this channel's actions as a timeline — filtered, paged, changes only in chat by default. */
export const audit = defineCommand({
  group: '',
  name: 'audit',
  summary: 'Recent actions in this channel, or every channel for admins (filters, pages)',
  description:
    'In Slack and Discord only changes are listed unless you add --reads; the console lists everything unless you add --changes-only.',
  examples: [
    '/vps audit',
    '/vps audit --actor alice --since 2h',
    '/vps audit --instance web-1 --outcome failed --page 2',
    '/vps audit --all-channels --since 1d',
  ],
  args: {
    limit: optional(asFlag(arg.integer('Records per page', { min: 1, max: 50 })), 10),
    page: optional(asFlag(arg.integer('Page, 1 = newest', { min: 1, max: 1000 })), 1),
    actor: optional(asFlag(arg.string('Only this person (name or user id)', filterText))),
    instance: optional(asFlag(arg.string('Only actions on this instance (hostname or uuid)', filterText))),
    command: optional(asFlag(arg.string('Only this command, e.g. "instance stop"', filterText))),
    since: optional(asFlag(arg.string('Only newer than this: 30m, 2h, 3d, 1w or a date', filterText))),
    outcome: optional(
      asFlag(
        arg.string('Only this outcome: ok, denied, invalid, cancelled, expired, pending, failed', filterText),
      ),
    ),
    changesOnly: arg.flag('Only actions that change something'),
    reads: arg.flag('Include reads (chat channels list only changes by default)'),
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
    allChannels: arg.flag('Every channel and platform, not just this one (admins only)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
  run: async (ctx, args) => {
    const { locale } = ctx;
    if (args.allChannels && ctx.bot.describeActor(ctx.actor, ctx.channelId).role !== 'admin') {
      throw new UserError('denied', t(locale, 'audit.allChannelsDenied'), t(locale, 'audit.leaveOutAll'));
    }
    const now = ctx.now();
    const limit = args.limit ?? 10;
    const page = args.page ?? 1;
    const filter: AuditFilter = {
      changesOnly: args.changesOnly || (ctx.actor.platform !== 'console' && !args.reads),
      ...(args.actor ? { actor: args.actor } : {}),
      ...(args.instance ? { instance: args.instance } : {}),
      ...(args.command ? { command: args.command } : {}),
      ...(args.outcome ? { outcome: args.outcome } : {}),
      ...(args.since ? { sinceMs: parseSince(args.since, now) } : {}),
    };
    const label = targetLabeler(ctx, filter.instance !== undefined);
    const scanned = args.allChannels
      ? await ctx.bot.recentAuditAllChannels(SCAN)
      : await ctx.bot.recentAudit(ctx.channelId, SCAN);
    const where = args.allChannels ? 'all' : 'here';
    const labels = await Promise.all(scanned.map(label));
    const all = scanned.filter((r, i) =>
      matches(r, filter, { target: labels[i] ?? DASH, outcome: outcome(r, 'en') }),
    );
    const pages = Math.max(1, Math.ceil(all.length / limit));
    const records = all.slice((page - 1) * limit, page * limit);
    const scope = filter.changesOnly ? 'changes' : 'actions';
    const readsHidden = filter.changesOnly && !args.changesOnly;
    if (records.length === 0) {
      const text =
        all.length > 0
          ? t(locale, 'audit.onlyPages', { pages, scope })
          : t(locale, 'audit.none', { scope, where, reads: readsHidden ? 'hidden' : 'shown' });
      return { title: t(locale, 'audit.title'), tone: 'info', blocks: [{ type: 'text', text }] };
    }
    const rows = await Promise.all(records.map((r) => auditRow(ctx, r, now, args.allChannels)));
    const next = `/vps audit${args.allChannels ? ' --all-channels' : ''} --page ${page + 1}`;
    const footer = [
      t(locale, 'audit.footer', { page, pages, scope, count: all.length }),
      ...(page < pages ? [t(locale, 'audit.next', { command: next })] : []),
      ...(readsHidden ? [t(locale, 'audit.readsHidden')] : []),
    ];
    return {
      title: t(locale, 'audit.heading', { scope, count: records.length, where }),
      tone: 'info',
      blocks: [
        {
          type: 'table',
          columns: auditColumns(locale, args.allChannels),
          rows,
        },
        { type: 'context', text: footer.join(' · ') },
      ],
    };
  },
});

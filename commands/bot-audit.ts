// `audit`: the channel's recent actions as a timeline, one outcome word per record.
import { arg, asFlag, defineCommand, optional, type AuditRecord, type CommandContext, UserError, isUuid } from '../src/core/index.js';
import { matches, parseSince, type AuditFilter } from './shared/audit-filter.js';
import { clock } from './shared/dates.js';
import { DASH, plural, show } from './shared/format.js';

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
function outcomeWord(record: AuditRecord): string {
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

/** The word, then who confirmed and the one-line summary when there is one. */
function outcome(record: AuditRecord): string {
  const parts = [outcomeWord(record)];
  if (record.confirmation === 'confirmed' && record.confirmedBy)
    parts.push(`confirmed by ${record.confirmedBy}`);
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
function target(record: AuditRecord): string {
  const values = Object.values(record.args ?? {});
  const instance = values.find(
    (v): v is { label: unknown } => typeof v === 'object' && v !== null && 'label' in v,
  );
  if (instance) return show(instance.label);
  const id = values.find((v): v is string => typeof v === 'string' && v !== REDACTED && isUuid(v));
  return id === undefined ? DASH : show(id);
}

const text = (description: string) => optional(asFlag(arg.string(description, { max: 80 })));

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
    actor: text('Only this person (name or user id)'),
    instance: text('Only actions on this instance (hostname or uuid)'),
    command: text('Only this command, e.g. "instance stop"'),
    since: text('Only newer than this: 30m, 2h, 3d, 1w or a date'),
    outcome: text('Only this outcome: ok, denied, invalid, cancelled, expired, pending, failed'),
    changesOnly: arg.flag('Only actions that change something'),
    reads: arg.flag('Include reads (chat channels list only changes by default)'),
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
    allChannels: arg.flag('Every channel and platform, not just this one (admins only)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
  run: async (ctx, args) => {
    if (args.allChannels && ctx.bot.describeActor(ctx.actor, ctx.channelId).role !== 'admin') {
      throw new UserError(
        'denied',
        'Only admins can read the audit of every channel (`--all-channels`). Nothing was shown.',
        'Leave out --all-channels to see this channel’s actions.',
      );
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
    // --instance may name a hostname learned after the record was written: label targets (cached).
    const names = new Map<string, Promise<string>>();
    const label = (r: AuditRecord) => {
      const raw = target(r);
      if (!filter.instance || !isUuid(raw)) return Promise.resolve(raw);
      if (!names.has(raw)) names.set(raw, namedTarget(ctx, r));
      return names.get(raw)!;
    };
    const scanned = args.allChannels
      ? await ctx.bot.recentAuditAllChannels(SCAN)
      : await ctx.bot.recentAudit(ctx.channelId, SCAN);
    const where = args.allChannels ? 'in any channel' : 'in this channel';
    const labels = await Promise.all(scanned.map(label));
    const all = scanned.filter((r, i) =>
      matches(r, filter, { target: labels[i] ?? DASH, outcome: outcome(r) }),
    );
    const pages = Math.max(1, Math.ceil(all.length / limit));
    const records = all.slice((page - 1) * limit, page * limit);
    const scope = filter.changesOnly ? 'changes' : 'actions';
    const noun = filter.changesOnly ? 'change' : 'action';
    if (records.length === 0) {
      const text =
        all.length > 0
          ? `There are only ${pages} page(s) of matching ${scope}.`
          : `No matching ${scope} ${where}${filter.changesOnly && !args.changesOnly ? ' (add --reads to include reads)' : ''}.`;
      return { title: 'Audit', tone: 'info', blocks: [{ type: 'text', text }] };
    }
    const rows = await Promise.all(
      records.map(async (r) => {
        const time = new Date(r.time);
        return [
          Number.isNaN(time.getTime()) ? show(r.time) : clock(time, now),
          ...(args.allChannels ? [`${r.platform}:${r.channelId}`] : []),
          r.displayName ? `${r.displayName} (${r.platform}:${r.userId})` : `${r.platform}:${r.userId}`,
          show(r.command),
          await namedTarget(ctx, r),
          outcome(r),
        ];
      }),
    );
    const footer = [
      `Newest first · page ${page} of ${pages} (${plural(all.length, `matching ${noun}`)})`,
      ...(page < pages
        ? [`next: /vps audit${args.allChannels ? ' --all-channels' : ''} --page ${page + 1}`]
        : []),
      ...(filter.changesOnly && !args.changesOnly ? ['reads hidden: add --reads'] : []),
    ];
    return {
      title: `Audit — ${plural(records.length, noun)} ${where}`,
      tone: 'info',
      blocks: [
        {
          type: 'table',
          columns: [
            ...(args.allChannels ? ['Time (UTC)', 'Channel'] : ['Time (UTC)']),
            'Who',
            'Command',
            'Target',
            'Outcome',
          ],
          rows,
        },
        { type: 'context', text: footer.join(' · ') },
      ],
    };
  },
});

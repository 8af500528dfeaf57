// `audit`: the channel's recent actions as a timeline, one outcome word per record.
import { arg, asFlag, defineCommand, optional } from '../src/core/command.js';
import type { AuditRecord, CommandContext } from '../src/core/command.js';
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

/** One word per way an action can end: ok / denied / invalid / cancelled / expired / failed: <code>. */
function outcomeWord(record: AuditRecord): string {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target, named by hostname when it was typed as a uuid the bot has learned since. */
async function namedTarget(ctx: CommandContext, record: AuditRecord): Promise<string> {
  const raw = target(record);
  return UUID.test(raw) ? ((await ctx.bot.hostnameOf(raw)) ?? raw) : raw;
}

/** What the action was aimed at: the instance label, else the first plain argument. */
function target(record: AuditRecord): string {
  const values = Object.values(record.args ?? {});
  const instance = values.find(
    (v): v is { label: unknown } => typeof v === 'object' && v !== null && 'label' in v,
  );
  if (instance) return show(instance.label);
  const plain = values.find(
    (v) => (typeof v === 'string' && v !== REDACTED && v !== '') || typeof v === 'number',
  );
  return plain === undefined ? DASH : show(plain);
}

/** `audit [--limit N]`: this channel's recent actions as a timeline. */
export const audit = defineCommand({
  group: '',
  name: 'audit',
  summary: 'Recent actions in this channel',
  examples: ['/vps audit', '/vps audit --limit 25'],
  args: {
    limit: optional(asFlag(arg.integer('How many records', { min: 1, max: 50 })), 10),
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
  run: async (ctx, { limit }) => {
    const records = await ctx.bot.recentAudit(ctx.channelId, limit ?? 10);
    if (records.length === 0) {
      return {
        title: 'Audit',
        tone: 'info',
        blocks: [{ type: 'text', text: 'Nothing has been done in this channel yet.' }],
      };
    }
    const now = ctx.now();
    const rows = await Promise.all(
      records.map(async (r) => {
        const time = new Date(r.time);
        return [
          Number.isNaN(time.getTime()) ? show(r.time) : clock(time, now),
          r.displayName ? `${r.displayName} (${r.platform}:${r.userId})` : `${r.platform}:${r.userId}`,
          show(r.command),
          await namedTarget(ctx, r),
          outcome(r),
        ];
      }),
    );
    return {
      title: `Audit — last ${records.length} in this channel`,
      tone: 'info',
      blocks: [
        { type: 'table', columns: ['Time (UTC)', 'Who', 'Command', 'Target', 'Outcome'], rows },
        { type: 'context', text: 'Newest first' },
      ],
    };
  },
});

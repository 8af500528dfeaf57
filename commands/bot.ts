// The bot's own commands (group ''): help, use, whoami, audit, status.
import { arg, asFlag, commandPath, defineCommand, optional } from '../src/core/command.js';
import type { AuditRecord, CommandDefinition, ResolvedInstance } from '../src/core/command.js';
import { UserError } from '../src/core/errors.js';
import { editDistance } from '../src/core/suggest.js';
import type { Field, Message } from '../src/render/message.js';
import { clock } from './shared/dates.js';
import { DASH, show } from './shared/format.js';
import { commandPage, groupPage, grouped, overview } from './shared/help-view.js';
import {
  fetchInstance,
  labelOf,
  lastBackupText,
  priceText,
  publicIp,
  statusTone,
  uptimeText,
} from './shared/instance-view.js';
import { cpuLine, summarise } from './shared/metrics.js';

/** `help [group [action]]`: only what the caller may run in this channel. */
export const help = defineCommand({
  group: '',
  name: 'help',
  summary: 'What you can run here, and how',
  examples: ['/vps help', '/vps help instance', '/vps help instance stop'],
  args: {
    group: optional(arg.string('Command group, e.g. instance', { max: 40 })),
    action: optional(arg.string('Action in the group, e.g. stop', { max: 40 })),
  },
  risk: 'read',
  run: async (ctx, { group, action }) => {
    const allowed = ctx.bot.allowedCommands(ctx.actor, ctx.channelId);
    const { role } = ctx.bot.describeActor(ctx.actor, ctx.channelId);
    if (!group) return overview(allowed, role);
    const wanted = action ? `${group} ${action}` : group;
    const exact = allowed.find((c) => commandPath(c) === wanted.toLowerCase());
    if (exact) return commandPage(exact);
    const inGroup = !action ? grouped(allowed).get(group.toLowerCase()) : undefined;
    if (inGroup && group !== '') return groupPage(group.toLowerCase(), inGroup);
    const byAction = !action ? allowed.filter((c) => c.name === group.toLowerCase()) : [];
    if (byAction.length === 1) return commandPage(byAction[0]!);
    const near = action ? nearestAction(allowed, group.toLowerCase(), action.toLowerCase()) : null;
    throw new UserError(
      'unknown-command',
      `There is no \`${wanted}\` command you can run in this channel (your role: ${role}).` +
        (near ? ` Did you mean \`${near}\`?` : ''),
      near ? `Try: /vps help ${near}` : 'Try: /vps help',
    );
  },
});

/** The group's action closest to what was typed (edit distance; ties go to help order), or null. */
function nearestAction(allowed: CommandDefinition[], group: string, action: string): string | null {
  let best: { path: string; distance: number } | null = null;
  for (const c of allowed) {
    if (c.group !== group || group === '') continue;
    const distance = c.name.startsWith(action) ? 0 : editDistance(action, c.name);
    if (!best || distance < best.distance) best = { path: commandPath(c), distance };
  }
  return best?.path ?? null;
}

/** `use <instance>` binds the channel; `use --clear` unbinds; bare `use` shows the binding. */
export const use = defineCommand({
  group: '',
  name: 'use',
  summary: 'Bind this channel to an instance (or --clear)',
  description: 'Commands that take an instance use the bound one when you leave it out.',
  examples: ['/vps use web-1', '/vps use --clear', '/vps use'],
  args: {
    instance: optional(arg.instance('Instance to bind this channel to')),
    clear: arg.flag('Remove the binding'),
  },
  risk: 'read',
  run: async (ctx, { instance, clear }) => {
    if (clear && instance) {
      throw new UserError(
        'usage',
        `Use either an instance or --clear, not both: \`use ${instance.label}\` binds it, \`use --clear\` unbinds.`,
      );
    }
    if (clear) {
      const previous = await ctx.bot.boundInstance(ctx.channelId);
      await ctx.bot.bindInstance(ctx.channelId, null);
      const text = previous
        ? `This channel is no longer bound to ${previous.label}.`
        : 'This channel was not bound to an instance.';
      return {
        message: { title: 'Binding cleared', tone: 'success', blocks: [{ type: 'text', text }] },
        auditSummary: 'binding cleared',
      };
    }
    if (!instance) {
      const bound = await ctx.bot.boundInstance(ctx.channelId);
      const text = bound
        ? `This channel is bound to ${bound.label} (${bound.uuid}).`
        : 'No instance is bound to this channel. Bind one with /vps use web-1.';
      return { title: 'Channel binding', tone: 'info', blocks: [{ type: 'text', text }] };
    }
    const detail = await fetchInstance(ctx, instance);
    const bound = { uuid: instance.uuid, label: labelOf(detail, instance) };
    await ctx.bot.bindInstance(ctx.channelId, bound);
    return {
      message: {
        title: `This channel now uses ${bound.label}`,
        tone: 'success',
        blocks: [
          {
            type: 'text',
            text: `Commands here default to ${bound.label} (${show(detail.status)}). /vps status shows its incident card.`,
          },
          { type: 'context', text: `uuid ${bound.uuid}` },
        ],
      },
      auditSummary: `channel bound to ${bound.label}`,
    };
  },
});

/** `whoami`: identity, role and where it comes from, and whether destructive commands work here. */
export const whoami = defineCommand({
  group: '',
  name: 'whoami',
  summary: 'Your identity, role and permissions in this channel',
  examples: ['/vps whoami'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const { role, source, canDestructiveHere } = ctx.bot.describeActor(ctx.actor, ctx.channelId);
    const fields: Field[] = [
      { label: 'Platform', value: ctx.actor.platform, inline: true },
      { label: 'User id', value: ctx.actor.userId, inline: true },
      { label: 'Name', value: show(ctx.actor.displayName), inline: true },
      { label: 'Role', value: role, inline: true },
      { label: 'Role from', value: show(source), inline: true },
      { label: 'Channel', value: ctx.channelId, inline: true },
      { label: 'Destructive commands here', value: canDestructiveHere ? 'allowed' : 'not allowed' },
    ];
    return {
      title: `You are ${show(ctx.actor.displayName)}`,
      tone: 'info',
      blocks: [{ type: 'fields', fields }],
    };
  },
});

/** Error ids that mean the request itself was wrong or pointless, not that something failed. */
const INVALID_IDS = new Set([
  'unknown-command',
  'usage',
  'invalid-argument',
  'nothing-to-do',
  'unknown-instance',
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
  args: { limit: optional(asFlag(arg.integer('How many records', { min: 1, max: 50 })), 10) },
  risk: 'read',
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
    const rows = records.map((r) => {
      const time = new Date(r.time);
      return [
        Number.isNaN(time.getTime()) ? show(r.time) : clock(time, now),
        r.displayName ? `${r.displayName} (${r.platform}:${r.userId})` : `${r.platform}:${r.userId}`,
        show(r.command),
        target(r),
        outcome(r),
      ];
    });
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

/** An ApiError NOT_FOUND, recognised by shape (commands import only types from src/api). */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'NOT_FOUND';
}

function goneCard(bound: ResolvedInstance): Message {
  return {
    title: `${bound.label} no longer exists`,
    tone: 'danger',
    blocks: [
      {
        type: 'text',
        text: `The instance bound to this channel (${bound.label}) is unknown to the hosting service — deleted?`,
      },
      { type: 'context', text: `uuid ${bound.uuid} · unbind with /vps use --clear` },
    ],
  };
}

/** `status`: the incident card of the channel's bound instance — state, uptime, backup, price, load. */
export const status = defineCommand({
  group: '',
  name: 'status',
  summary: 'Incident card for the channel’s bound instance',
  examples: ['/vps status'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const bound = await ctx.bot.boundInstance(ctx.channelId);
    if (!bound) {
      return {
        title: 'No instance bound',
        tone: 'info',
        blocks: [
          {
            type: 'text',
            text: 'This channel has no instance bound. Bind one with /vps use web-1, then run /vps status.',
          },
        ],
      };
    }
    const [detail, load] = await Promise.all([
      fetchInstance(ctx, bound).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
      ctx.api.instances.rrd(bound.uuid, 'hour').then(summarise, () => null),
    ]);
    if (!detail) return goneCard(bound);
    const now = ctx.now();
    const label = labelOf(detail, bound);
    const d = detail as { last_backup_at?: unknown };
    return {
      title: `${label} — ${show(detail.status)}`,
      tone: statusTone(detail.status),
      summary: `${label}: ${show(detail.status)}`,
      blocks: [
        {
          type: 'fields',
          fields: [
            { label: 'State', value: show(detail.status), inline: true },
            { label: 'Uptime', value: uptimeText(detail, now), inline: true },
            { label: 'Public IP', value: publicIp(detail), inline: true },
            { label: 'Last backup', value: lastBackupText(d.last_backup_at, now) },
            { label: 'Price', value: priceText(detail, ctx.currency) },
            { label: 'CPU, last hour', value: load ? cpuLine(load) : 'metrics unavailable' },
          ],
        },
        {
          type: 'context',
          text: `uuid ${bound.uuid} · /vps instance show for everything · /vps use --clear to unbind`,
        },
      ],
    };
  },
});

/** The bot's own commands, in help order. */
export const botCommands: CommandDefinition[] = [
  help,
  use,
  whoami,
  audit,
  status,
] as unknown as CommandDefinition[];

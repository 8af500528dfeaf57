// The bot's own commands (group ''): help, use, whoami here; audit and status in their own modules.
import {
  arg,
  commandPath,
  defineCommand,
  optional,
  type CommandDefinition,
  UserError,
  editDistance,
} from '../src/core/index.js';
import type { Field } from '../src/render/message.js';
import { audit } from './bot-audit.js';
import { language } from './bot-language.js';
import { status } from './bot-status.js';
import { show } from './shared/format.js';
import { commandPage, groupPage, grouped, overview } from './shared/help-view.js';
import { fetchInstance, labelOf } from './shared/instance-view.js';

/** `help [group [action]]`: only what the caller may run in this channel. */
export const help = defineCommand({
  group: '',
  name: 'help',
  summary: 'What you can run here, and how',
  examples: ['/vps help', '/vps help instance', '/vps help instance stop'],
  args: {
    group: optional(arg.string('Command group, e.g. instance', { max: 40 })),
    action: optional(arg.string('Action in the group, e.g. stop', { max: 40 })),
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
  run: async (ctx, { group, action }) => {
    const allowed = ctx.bot.allowedCommands(ctx.actor, ctx.channelId);
    const { role } = ctx.bot.describeActor(ctx.actor, ctx.channelId);
    if (!group) return overview(allowed, role, ctx.locale);
    const wanted = action ? `${group} ${action}` : group;
    const exact = allowed.find((c) => commandPath(c) === wanted.toLowerCase());
    if (exact) return commandPage(exact, ctx.locale);
    const inGroup = !action ? grouped(allowed).get(group.toLowerCase()) : undefined;
    if (inGroup && group !== '') return groupPage(group.toLowerCase(), inGroup, ctx.locale);
    const byAction = !action ? allowed.filter((c) => c.name === group.toLowerCase()) : [];
    if (byAction.length === 1) return commandPage(byAction[0]!, ctx.locale);
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
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
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
  examples: ['/vps whoami', '/vps whoami --public'],
  args: {
    public: arg.flag('Post the answer in the channel for everyone (default: only you see it)'),
  },
  risk: 'read',
  visibility: 'ephemeral',
  shareable: true,
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

// Re-exported so `commands/bot.js` keeps naming every bot command.
export { audit, language, status };

/** The bot's own commands, in help order. */
export const botCommands: CommandDefinition[] = [help, use, whoami, language, audit, status];

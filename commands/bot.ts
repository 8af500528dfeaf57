// The bot's own commands (group ''): help, use, whoami here; audit and status in their own modules.
import {
  arg,
  commandPath,
  defineCommand,
  optional,
  type CommandDefinition,
  UserError,
  editDistance,
  t,
} from '../src/core/index.js';
import type { Field } from '../src/render/message.js';
import { audit } from './bot-audit.js';
import { language } from './bot-language.js';
import { status } from './bot-status.js';
import { show } from './shared/format.js';
import { commandPage, groupPage, grouped, overview } from './shared/help-view.js';
import { fetchInstance, labelOf, statusText } from './shared/instance-view.js';

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
      t(ctx.locale, near ? 'bot.help.unknownNear' : 'bot.help.unknown', {
        command: wanted,
        role,
        near: near ?? '',
      }),
      near ? t(ctx.locale, 'bot.help.tryNear', { near }) : t(ctx.locale, 'bot.help.try'),
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
    const { locale } = ctx;
    if (clear && instance) {
      throw new UserError('usage', t(locale, 'bot.use.both', { label: instance.label }));
    }
    if (clear) {
      const previous = await ctx.bot.boundInstance(ctx.channelId);
      await ctx.bot.bindInstance(ctx.channelId, null);
      const text = previous
        ? t(locale, 'bot.use.unbound', { label: previous.label })
        : t(locale, 'bot.use.wasNotBound');
      return {
        message: { title: t(locale, 'bot.use.cleared'), tone: 'success', blocks: [{ type: 'text', text }] },
        auditSummary: 'binding cleared',
      };
    }
    if (!instance) {
      const bound = await ctx.bot.boundInstance(ctx.channelId);
      const text = bound
        ? t(locale, 'bot.use.boundTo', { label: bound.label, uuid: bound.uuid })
        : t(locale, 'bot.use.none');
      return { title: t(locale, 'bot.use.title'), tone: 'info', blocks: [{ type: 'text', text }] };
    }
    const detail = await fetchInstance(ctx, instance);
    const bound = { uuid: instance.uuid, label: labelOf(detail, instance) };
    await ctx.bot.bindInstance(ctx.channelId, bound);
    return {
      message: {
        title: t(locale, 'bot.use.nowUses', { label: bound.label }),
        tone: 'success',
        blocks: [
          {
            type: 'text',
            text: t(locale, 'bot.use.defaults', {
              label: bound.label,
              status: statusText(detail.status, locale),
            }),
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
    const { locale } = ctx;
    const { role, source, canDestructiveHere } = ctx.bot.describeActor(ctx.actor, ctx.channelId);
    const fields: Field[] = [
      { label: t(locale, 'bot.whoami.platform'), value: ctx.actor.platform, inline: true },
      { label: t(locale, 'bot.whoami.userId'), value: ctx.actor.userId, inline: true },
      { label: t(locale, 'bot.whoami.name'), value: show(ctx.actor.displayName), inline: true },
      { label: t(locale, 'bot.whoami.role'), value: role, inline: true },
      { label: t(locale, 'bot.whoami.roleFrom'), value: show(source), inline: true },
      { label: t(locale, 'bot.whoami.channel'), value: ctx.channelId, inline: true },
      {
        label: t(locale, 'bot.whoami.destructive'),
        value: t(locale, canDestructiveHere ? 'bot.whoami.allowed' : 'bot.whoami.notAllowed'),
      },
    ];
    return {
      title: t(locale, 'bot.whoami.title', { name: show(ctx.actor.displayName) }),
      tone: 'info',
      blocks: [{ type: 'fields', fields }],
    };
  },
});

// Re-exported so `commands/bot.js` keeps naming every bot command.
export { audit, language, status };

/** The bot's own commands, in help order. */
export const botCommands: CommandDefinition[] = [help, use, whoami, language, audit, status];

// The alert card's Acknowledge and Snooze 1 h buttons: hidden commands (`alert ack <watch-id> <kind>`,
// `alert snooze <watch-id> <kind>`) a click runs as if the clicker typed them, so the runner parses,
// authorises (a `change`: viewers are refused) and audits them like any other. Not in help.
import {
  arg,
  commandGroup,
  type AlertActions,
  type BotServices,
  type CommandContext,
  type CommandDefinition,
  UserError,
  t,
  type Locale,
} from '../src/core/index.js';
import { message, text } from '../src/render/builders.js';
import { tellStory } from './shared/story-lines.js';

const alert = commandGroup('alert');

const KINDS = ['status', 'cpu', 'memory', 'unreachable', 'gone', 'balance'] as const;

const args = {
  watchId: arg.string('The watch the alert belongs to', { max: 40 }),
  kind: arg.choice('Which alert of the watch', KINDS, { positional: true }),
};

function alertsOf(bot: BotServices, locale: Locale): AlertActions {
  if (!bot.watches?.alerts) throw new UserError('nothing-to-do', t(locale, 'alert.noAlerts'));
  return bot.watches.alerts;
}

async function answer(
  ctx: CommandContext,
  verb: 'ack' | 'snooze',
  { watchId, kind }: { watchId: string; kind: (typeof KINDS)[number] },
) {
  const where = { platform: ctx.actor.platform, channelId: ctx.channelId };
  const done = await alertsOf(ctx.bot, ctx.locale).act(verb, watchId, kind, ctx.actor, where);
  await tellStory(ctx, {
    kind: verb === 'ack' ? 'acknowledged' : 'snoozed',
    subject: done.instance,
    detail: kind,
  });
  return {
    message: message(undefined, [text(done.line)], { tone: 'success', visibility: 'ephemeral' }),
    auditSummary: done.line,
  };
}

/** Acknowledge: no more reminders for this incident (and its page acknowledged). */
export const alertAck = alert({
  name: 'ack',
  summary: 'Acknowledge an open alert (its card’s button)',
  args,
  risk: 'change',
  visibility: 'ephemeral',
  hidden: true,
  run: (ctx, values) => answer(ctx, 'ack', values),
});

/** Snooze 1 h: no reminders for an hour. */
export const alertSnooze = alert({
  name: 'snooze',
  summary: 'Snooze an open alert’s reminders for an hour (its card’s button)',
  args,
  risk: 'change',
  visibility: 'ephemeral',
  hidden: true,
  run: (ctx, values) => answer(ctx, 'snooze', values),
});

/** Show members: every server of the storm this card heads, for the asker only. */
export const alertMembers = alert({
  name: 'members',
  summary: 'List every server of a storm (its group card’s button)',
  args,
  risk: 'read',
  visibility: 'ephemeral',
  hidden: true,
  run: async (ctx, { watchId, kind }) => {
    const actions = alertsOf(ctx.bot, ctx.locale);
    if (!actions.members) throw new UserError('nothing-to-do', t(ctx.locale, 'alert.noAlerts'));
    const where = { platform: ctx.actor.platform, channelId: ctx.channelId };
    const list = await actions.members(watchId, kind, where);
    return message(
      list.title,
      list.lines.map((chunk) => text(chunk)),
      { visibility: 'ephemeral' },
    );
  },
});

/** The alert buttons' hidden commands, listed in commands/index.ts. */
export const alertCommands: CommandDefinition[] = [
  alertAck,
  alertSnooze,
  alertMembers,
] as CommandDefinition[];

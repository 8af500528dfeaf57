// Actions at a time (issue 40): `schedule in <duration> <command…>`, `schedule at <HH:MM|ISO 8601>
// <command…>`, `schedules`, `unschedule <id>`. The runner reads `schedule in|at` itself
// (src/core/schedule/unwrap.ts): the command named is authorised, previewed and confirmed now, and
// its Confirm stores it for that one run — so their run() here is never reached. A running
// `vpsops serve` runs schedules at their time (src/core/schedule/schedule-runner.ts).
import {
  arg,
  commandGroup,
  defineCommand,
  type BotServices,
  type CommandDefinition,
  type Locale,
  UserError,
  t,
} from '../src/core/index.js';
import type { Message } from '../src/render/message.js';
import { tableReply } from './shared/table-reply.js';

const scheduleCommand = commandGroup('schedule');

/** Reached only if the runner did not read the schedule itself (a bug): said, never silent. */
async function readByRunner(): Promise<Message> {
  throw new Error('schedule in|at is read by the runner (src/core/schedule/unwrap.ts)');
}

/** `schedule in <duration> <command…>`. */
export const scheduleIn = scheduleCommand({
  name: 'in',
  summary: 'Run a command that changes something after a while (same preview and confirmation now)',
  description:
    'Durations: 30m, 90m, 1h30m, 2d, 45s; at most 30 days. The preview and the confirmation (typed name, two-person approval) are asked now and authorise exactly that one run; a running `vpsops serve` runs it as you and posts the result here.',
  examples: [
    '/vps schedule in 30m instance stop web-1',
    '/vps schedule in 2h snapshot rollback web-1 <snapshot-uuid>',
  ],
  args: {
    when: arg.string('How long from now: 30m, 90m, 1h30m, 2d', { max: 20 }),
    command: arg.string('The command to run then, as you would type it now, e.g. instance stop web-1', {
      rest: true,
      max: 500,
    }),
  },
  risk: 'change',
  schedules: 'in',
  run: readByRunner,
});

/** `schedule at <HH:MM|ISO 8601> <command…>`. */
export const scheduleAt = scheduleCommand({
  name: 'at',
  summary: 'Run a command that changes something at a time (next HH:MM in your zone, or ISO 8601)',
  description:
    'HH:MM is the next such time in your time zone (Slack’s, else VPSOPS_TIMEZONE, default UTC); ISO 8601 may carry its offset (2026-12-01T02:00+07:00). Times are always shown with their zone.',
  examples: [
    '/vps schedule at 02:00 instance stop web-1',
    '/vps schedule at 2026-12-01T02:00+07:00 instance stop web-1',
  ],
  args: {
    when: arg.string('When: HH:MM (next, in your zone) or ISO 8601 like 2026-12-01T02:00+07:00', { max: 40 }),
    command: arg.string('The command to run then, as you would type it now, e.g. instance stop web-1', {
      rest: true,
      max: 500,
    }),
  },
  risk: 'change',
  schedules: 'at',
  run: readByRunner,
});

function schedulesOf(bot: BotServices, locale: Locale) {
  if (!bot.schedules) throw new UserError('nothing-to-do', t(locale, 'schedule.noRunner'));
  return bot.schedules;
}

/** `schedules`: this channel's pending schedules. */
export const schedules = defineCommand({
  group: '',
  name: 'schedules',
  summary: 'What waits for its time in this channel: id, when (your zone), action, who, approved by',
  examples: ['/vps schedules'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const { locale } = ctx;
    const list = await schedulesOf(ctx.bot, locale).list(ctx.channelId, ctx.actor);
    const name = (who?: { displayName: string; userId: string }) =>
      who ? `@${who.displayName || who.userId}` : '—';
    return tableReply({
      title:
        list.length > 0
          ? t(locale, 'schedule.listTitle', { count: list.length })
          : t(locale, 'schedule.noneTitle'),
      columns: [
        t(locale, 'schedule.column.id'),
        t(locale, 'schedule.column.when'),
        t(locale, 'schedule.column.action'),
        t(locale, 'schedule.column.by'),
        t(locale, 'schedule.column.approvedBy'),
      ],
      rows: list.map((s) => [s.id, s.when, s.action, name(s.requester), name(s.approvedBy)]),
      empty: t(locale, 'schedule.none'),
      note: t(locale, 'schedule.listNote'),
    });
  },
});

/** `unschedule <id>`: the requester or an admin cancels a pending schedule. */
export const unschedule = defineCommand({
  group: '',
  name: 'unschedule',
  summary: 'Cancel a scheduled action of this channel (whoever scheduled it, or an admin)',
  examples: ['/vps unschedule 3f9a1c2e'],
  args: { id: arg.string('The schedule’s id, as `schedules` lists it', { max: 20 }) },
  risk: 'change',
  run: async (ctx, { id }) => {
    const { locale } = ctx;
    const result = await schedulesOf(ctx.bot, locale).cancel(ctx.channelId, id, ctx.actor);
    if (!result.ok) {
      if (result.reason === 'not-found')
        throw new UserError(
          'not-found',
          t(locale, 'schedule.notFound', { id }),
          t(locale, 'schedule.notFoundHint'),
        );
      if (result.reason === 'running')
        throw new UserError('nothing-to-do', t(locale, 'schedule.running', { id }));
      const requester = `@${result.requester?.displayName ?? '?'}`;
      throw new UserError('not-requester', t(locale, 'schedule.notAllowed', { requester }));
    }
    const { schedule } = result;
    return {
      message: {
        title: t(locale, 'schedule.unscheduledTitle', { action: schedule.action }),
        tone: 'info',
        blocks: [{ type: 'text', text: t(locale, 'schedule.unscheduled', { when: schedule.when }) }],
      },
      auditSummary: `unscheduled ${schedule.id} (${schedule.action})`,
    };
  },
});

/** The schedule commands, in help order. */
export const scheduleCommands: CommandDefinition[] = [scheduleIn, scheduleAt, schedules, unschedule];

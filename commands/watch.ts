// Watches (issue 13): `watch <instance> [--cpu N] [--memory N]`, `watches`, `unwatch <instance>`.
// The bot then speaks first in this channel when the instance goes wrong (see src/watch). Setting
// or removing a watch is a `change`; the runner's policy check keeps viewers out.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  type BotServices,
  type CommandContext,
  type CommandDefinition,
  type ResolvedInstance,
  UserError,
  type WatchService,
} from '../src/core/index.js';
import { context, message, table, text } from '../src/render/builders.js';
import { relativeTime } from '../src/render/format.js';
import { isNotFound } from './shared/not-found.js';

function watchesOf(bot: BotServices): WatchService {
  if (!bot.watches) {
    throw new UserError(
      'nothing-to-do',
      'Watches are not available in this mode (one-shot exec); use the console or chat.',
    );
  }
  return bot.watches;
}

const thresholds = (cpu?: number, memory?: number): string =>
  [cpu !== undefined ? `CPU > ${cpu} %` : '', memory !== undefined ? `memory > ${memory} %` : '']
    .filter(Boolean)
    .join(', ') || 'status only';

/**
 * Reads the instance before watching it: a uuid the API does not know is refused (nothing stored),
 * and the watch is named by its hostname even when it was set by uuid.
 */
async function liveInstance(ctx: CommandContext, instance: ResolvedInstance): Promise<ResolvedInstance> {
  try {
    const detail = await ctx.api.instances.detail(instance.uuid);
    await ctx.bot.rememberHostname(instance.uuid, detail.hostname);
    return { uuid: instance.uuid, label: detail.hostname };
  } catch (error) {
    if (isNotFound(error))
      throw new UserError(
        'unknown-instance',
        `No instance ${instance.uuid} on this account — nothing is watched.`,
        'Check the uuid with `instance list`.',
      );
    throw error;
  }
}

/** `watch <instance> [--cpu N] [--memory N]`: create or change this channel's watch. */
export const watch = defineCommand({
  group: '',
  name: 'watch',
  summary: 'Alert this channel when an instance fails (status, CPU, memory)',
  description:
    'The bot posts one alert per incident here (status Error, or Stopped without a confirmed stop; CPU or memory above the threshold in the three latest samples; the hosting API unreachable) and edits it until it recovers.',
  examples: ['/vps watch web-1', '/vps watch web-1 --cpu 90 --memory 85'],
  args: {
    instance: arg.instance('Instance to watch from this channel'),
    cpu: optional(asFlag(arg.integer('Alert when CPU % is above this (1-100)', { min: 1, max: 100 }))),
    memory: optional(
      asFlag(arg.integer('Alert when memory use % is above this (1-100)', { min: 1, max: 100 })),
    ),
    page: arg.flag('Page its incidents out (PagerDuty; the default when a routing key is set)'),
    noPage: arg.flag('Never page its incidents out (chat only)'),
  },
  risk: 'change',
  run: async (ctx, { instance: typed, cpu, memory, page, noPage }) => {
    if (page && noPage)
      throw new UserError('usage', 'Give `--page` or `--no-page`, not both — nothing is watched.');
    const instance = await liveInstance(ctx, typed);
    const settings = {
      instance,
      ...(page || noPage ? { page: page && !noPage } : {}),
      ...(cpu !== undefined ? { cpuPercent: cpu } : {}),
      ...(memory !== undefined ? { memoryPercent: memory } : {}),
    };
    const outcome = await watchesOf(ctx.bot).set(ctx.actor.platform, ctx.channelId, settings, ctx.actor);
    const verb = outcome === 'created' ? 'Watching' : 'Still watching';
    return {
      message: message(
        `${verb} ${instance.label}`,
        [
          text(`Alerts for ${instance.label} will be posted in this channel (${thresholds(cpu, memory)}).`),
          context('Stop with /vps unwatch ' + instance.label),
        ],
        { tone: 'success' },
      ),
      auditSummary: `${outcome} watch on ${instance.label} (${thresholds(cpu, memory)})`,
    };
  },
});

/** `watches`: this channel's watches with thresholds, who set them and their state. */
export const watches = defineCommand({
  group: '',
  name: 'watches',
  summary: 'The watches of this channel and their state',
  examples: ['/vps watches'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const list = await watchesOf(ctx.bot).list(ctx.actor.platform, ctx.channelId);
    if (list.length === 0)
      return message('No watches here', [
        text('Nothing is watched from this channel. Try: /vps watch web-1'),
      ]);
    const rows = list.map((w) => [
      w.instance.label,
      thresholds(w.cpuPercent, w.memoryPercent),
      `${w.setBy} ${relativeTime(w.setAt, ctx.now())}`,
      w.state,
    ]);
    return message(`Watches in this channel (${list.length})`, [
      table(['Instance', 'Thresholds', 'Set by', 'State'], rows),
    ]);
  },
});

/** `unwatch <instance>`: stop watching it from this channel. */
export const unwatch = defineCommand({
  group: '',
  name: 'unwatch',
  summary: 'Stop watching an instance from this channel',
  examples: ['/vps unwatch web-1'],
  args: { instance: arg.instance('Instance to stop watching') },
  risk: 'change',
  run: async (ctx, { instance }) => {
    const removed = await watchesOf(ctx.bot).remove(ctx.actor.platform, ctx.channelId, instance.uuid);
    if (!removed)
      throw new UserError(
        'nothing-to-do',
        `${instance.label} is not watched from this channel — nothing changed.`,
      );
    return {
      message: message(
        `No longer watching ${instance.label}`,
        [text('No more alerts for it in this channel.')],
        { tone: 'success' },
      ),
      auditSummary: `removed watch on ${instance.label}`,
    };
  },
});

/** The watch commands, listed in commands/index.ts. */
export const watchCommands: CommandDefinition[] = [watch, watches, unwatch] as CommandDefinition[];

// Watches (issue 13): `watch <instance> [--cpu N] [--memory N]`, `watches`, `unwatch <instance>`;
// issue 25: `watch --all` / `watch --location <name>` (every server of the instance list, kept in
// step by a periodic sweep) and `unwatch --all` / `unwatch --location <name>`. The bot then speaks
// first in this channel when a server goes wrong (see src/watch). Setting or removing a watch is a
// `change`; the runner's policy check keeps viewers out.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  type BotServices,
  type CommandContext,
  type CommandDefinition,
  type FleetScope,
  type FleetWatchService,
  type ResolvedInstance,
  UserError,
  type WatchService,
} from '../src/core/index.js';
import { context, message, table, text } from '../src/render/builders.js';
import { relativeTime } from '../src/render/format.js';
import { isNotFound } from './shared/not-found.js';
import { describeBalanceLimits } from './billing-watch.js';

function watchesOf(bot: BotServices): WatchService {
  if (!bot.watches) {
    throw new UserError(
      'nothing-to-do',
      'Watches are not available in this mode (one-shot exec); use the console or chat.',
    );
  }
  return bot.watches;
}

function fleetOf(bot: BotServices): FleetWatchService {
  const fleet = watchesOf(bot).fleet;
  if (!fleet)
    throw new UserError(
      'nothing-to-do',
      'Watching by location or all at once is not available in this mode.',
    );
  return fleet;
}

const thresholds = (cpu?: number, memory?: number): string =>
  [cpu !== undefined ? `CPU > ${cpu} %` : '', memory !== undefined ? `memory > ${memory} %` : '']
    .filter(Boolean)
    .join(', ') || 'status only';

/** `--all` or `--location <name>` (not both, and not with an instance); null for a single server. */
function fleetScope(
  instance: ResolvedInstance | undefined,
  all: boolean,
  location: string | undefined,
  verb: 'watch' | 'unwatch',
): FleetScope | null {
  if (all && location !== undefined)
    throw new UserError('usage', `Give \`--all\` or \`--location\`, not both — nothing changed.`);
  if (instance && (all || location !== undefined))
    throw new UserError(
      'usage',
      `Give a server or \`--all\` / \`--location\`, not both — nothing changed.`,
      `Try: /vps ${verb} --location Jakarta`,
    );
  if (all) return { type: 'all' };
  return location !== undefined ? { type: 'location', name: location } : null;
}

/** The server named, else the channel's bound one; a usage error naming every form when neither. */
async function oneServer(
  ctx: CommandContext,
  instance: ResolvedInstance | undefined,
  verb: 'watch' | 'unwatch',
): Promise<ResolvedInstance> {
  const bound = instance ?? (await ctx.bot.boundInstance(ctx.channelId));
  if (bound) return bound;
  throw new UserError(
    'no-bound-instance',
    `Which server? Give one, e.g. \`${verb} web-1\`, or \`${verb} --all\`, or \`${verb} --location Jakarta\`.`,
    'Or bind one to this channel with `use web-1`.',
  );
}

/** Names shown in a fleet watch's reply at most. */
const NAMES_SHOWN = 20;

function namesOf(servers: ResolvedInstance[]): string {
  const names = servers.slice(0, NAMES_SHOWN).map((s) => s.label);
  if (servers.length > NAMES_SHOWN) names.push(`and ${servers.length - NAMES_SHOWN} more`);
  return names.join(', ');
}

/** `watch --all` / `watch --location <name>`. */
async function watchFleet(
  ctx: CommandContext,
  scope: FleetScope,
  settings: { cpuPercent?: number; memoryPercent?: number; page?: boolean },
) {
  const done = await fleetOf(ctx.bot).set(ctx.actor.platform, ctx.channelId, scope, settings, ctx.actor);
  const limits = thresholds(settings.cpuPercent, settings.memoryPercent);
  const count = `${done.servers.length} server${done.servers.length === 1 ? '' : 's'}`;
  const verb = done.outcome === 'created' ? 'Watching' : 'Still watching';
  const stop =
    done.scope.type === 'all' ? '/vps unwatch --all' : `/vps unwatch --location "${done.scope.name}"`;
  return {
    message: message(
      `${verb} ${done.what} (${count})`,
      [
        text(
          `Each server gets its own alerts in this channel (${limits}): ${namesOf(done.servers) || 'none listed yet'}.`,
        ),
        context(`Servers added or deleted later are picked up from the instance list. Stop with ${stop}`),
      ],
      { tone: 'success' },
    ),
    auditSummary: `${done.outcome} fleet watch on ${done.what}: ${count} (${limits})`,
  };
}

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
  examples: [
    '/vps watch web-1',
    '/vps watch web-1 --cpu 90 --memory 85',
    '/vps watch --location Jakarta',
    '/vps watch --all',
  ],
  args: {
    instance: optional(arg.instance('Instance to watch from this channel')),
    all: arg.flag('Watch every server of the instance list (new ones are picked up)'),
    location: optional(asFlag(arg.string('Watch every server in this location, e.g. Jakarta', { max: 100 }))),
    cpu: optional(asFlag(arg.integer('Alert when CPU % is above this (1-100)', { min: 1, max: 100 }))),
    memory: optional(
      asFlag(arg.integer('Alert when memory use % is above this (1-100)', { min: 1, max: 100 })),
    ),
    page: arg.flag('Page its incidents out (PagerDuty; the default when a routing key is set)'),
    noPage: arg.flag('Never page its incidents out (chat only)'),
  },
  risk: 'change',
  run: async (ctx, { instance: typed, all, location, cpu, memory, page, noPage }) => {
    if (page && noPage)
      throw new UserError('usage', 'Give `--page` or `--no-page`, not both — nothing is watched.');
    const limits = {
      ...(page || noPage ? { page: page && !noPage } : {}),
      ...(cpu !== undefined ? { cpuPercent: cpu } : {}),
      ...(memory !== undefined ? { memoryPercent: memory } : {}),
    };
    const scope = fleetScope(typed, all, location, 'watch');
    if (scope) return watchFleet(ctx, scope, limits);
    const instance = await liveInstance(ctx, await oneServer(ctx, typed, 'watch'));
    const settings = { instance, ...limits };
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
      w.billing ? describeBalanceLimits(w.billing) : thresholds(w.cpuPercent, w.memoryPercent),
      `${w.setBy} ${relativeTime(w.setAt, ctx.now())}`,
      w.state,
    ]);
    return message(`Watches in this channel (${list.length})`, [
      table(['Instance', 'Thresholds', 'Set by', 'State'], rows),
    ]);
  },
});

/** `unwatch --all` / `unwatch --location <name>`. */
async function unwatchFleet(ctx: CommandContext, scope: FleetScope) {
  const done = await fleetOf(ctx.bot).remove(ctx.actor.platform, ctx.channelId, scope);
  if (!done)
    throw new UserError(
      'nothing-to-do',
      scope.type === 'all'
        ? 'No server is watched from this channel — nothing changed.'
        : `Location ${scope.name} is not watched from this channel — nothing changed.`,
      'See what is watched here: /vps watches',
    );
  const count = `${done.removed} server watch${done.removed === 1 ? '' : 'es'}`;
  return {
    message: message(
      `No longer watching ${done.what}`,
      [text(`Removed ${count} from this channel; no more alerts for them here.`)],
      { tone: 'success' },
    ),
    auditSummary: `removed fleet watch on ${done.what}: ${count}`,
  };
}

/** `unwatch <instance>` (or `--all` / `--location <name>`): stop watching from this channel. */
export const unwatch = defineCommand({
  group: '',
  name: 'unwatch',
  summary: 'Stop watching an instance (or all, or a location) from this channel',
  examples: ['/vps unwatch web-1', '/vps unwatch --location Jakarta', '/vps unwatch --all'],
  args: {
    instance: optional(arg.instance('Instance to stop watching')),
    all: arg.flag('Stop watching every server from this channel'),
    location: optional(
      asFlag(arg.string('Stop the watch of this location (set with watch --location)', { max: 100 })),
    ),
  },
  risk: 'change',
  run: async (ctx, { instance: typed, all, location }) => {
    const scope = fleetScope(typed, all, location, 'unwatch');
    if (scope) return unwatchFleet(ctx, scope);
    const instance = await oneServer(ctx, typed, 'unwatch');
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

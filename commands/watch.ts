// Watches (issue 13): `watch <instance> [--cpu N] [--memory N]`, `watches`, `unwatch <instance>`;
// issue 25: `watch --all` / `watch --location <name>` (every server of the instance list, kept in
// step by a periodic sweep) and `unwatch --all` / `unwatch --location <name>` (watch-fleet.ts). The
// bot then speaks first in this channel when a server goes wrong (see src/watch). Setting or removing
// a watch is a `change`; the runner's policy check keeps viewers out.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  type CommandContext,
  type CommandDefinition,
  type ResolvedInstance,
  UserError,
  t,
} from '../src/core/index.js';
import { context, message, table, text } from '../src/render/builders.js';
import { relativeTime } from '../src/render/time-format.js';
import { isNotFound } from './shared/not-found.js';
import { thresholds, watchesOf } from './shared/watches.js';
import { describeBalanceLimits } from './billing-watch.js';
import { fleetScope, unwatchFleet, watchFleet } from './watch-fleet.js';

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
    t(ctx.locale, 'watch.whichServer', { verb }),
    t(ctx.locale, 'watch.orBind'),
  );
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
        t(ctx.locale, 'watch.noInstance', { uuid: instance.uuid }),
        t(ctx.locale, 'watch.checkUuid'),
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
    const { locale } = ctx;
    if (page && noPage) throw new UserError('usage', t(locale, 'watch.pageOrNoPage'));
    const limits = {
      ...(page || noPage ? { page: page && !noPage } : {}),
      ...(cpu !== undefined ? { cpuPercent: cpu } : {}),
      ...(memory !== undefined ? { memoryPercent: memory } : {}),
    };
    const scope = fleetScope(typed, all, location, 'watch', locale);
    if (scope) return watchFleet(ctx, scope, limits);
    const instance = await liveInstance(ctx, await oneServer(ctx, typed, 'watch'));
    const settings = { instance, ...limits };
    const outcome = await watchesOf(ctx.bot, locale).set(
      ctx.actor.platform,
      ctx.channelId,
      settings,
      ctx.actor,
      locale,
    );
    return {
      message: message(
        t(locale, outcome === 'created' ? 'watch.watching' : 'watch.stillWatching', {
          label: instance.label,
        }),
        [
          text(
            t(locale, 'watch.willPost', { label: instance.label, limits: thresholds(cpu, memory, locale) }),
          ),
          context(t(locale, 'watch.stopWith', { label: instance.label })),
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
    const { locale } = ctx;
    const list = await watchesOf(ctx.bot, locale).list(ctx.actor.platform, ctx.channelId, locale);
    if (list.length === 0) return message(t(locale, 'watch.noneTitle'), [text(t(locale, 'watch.none'))]);
    const rows = list.map((w) => [
      w.instance.label,
      w.billing
        ? describeBalanceLimits(w.billing, locale)
        : thresholds(w.cpuPercent, w.memoryPercent, locale),
      `${w.setBy} ${relativeTime(w.setAt, ctx.now(), locale)}`,
      w.state,
    ]);
    const columns = (['instance', 'thresholds', 'setBy', 'state'] as const).map((c) =>
      t(locale, `watch.column.${c}`),
    );
    return message(t(locale, 'watch.listTitle', { count: list.length }), [table(columns, rows)]);
  },
});

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
    const { locale } = ctx;
    const scope = fleetScope(typed, all, location, 'unwatch', locale);
    if (scope) return unwatchFleet(ctx, scope);
    const instance = await oneServer(ctx, typed, 'unwatch');
    const removed = await watchesOf(ctx.bot, locale).remove(ctx.actor.platform, ctx.channelId, instance.uuid);
    if (!removed)
      throw new UserError('nothing-to-do', t(locale, 'watch.notWatched', { label: instance.label }));
    return {
      message: message(
        t(locale, 'watch.unwatched', { what: instance.label }),
        [text(t(locale, 'watch.noMoreForIt'))],
        { tone: 'success' },
      ),
      auditSummary: `removed watch on ${instance.label}`,
    };
  },
});

/** The watch commands, listed in commands/index.ts. */
export const watchCommands: CommandDefinition[] = [watch, watches, unwatch] as CommandDefinition[];

// The fleet forms of the watch commands (issue 25): `watch --all` / `watch --location <name>` and
// `unwatch --all` / `unwatch --location <name>`, over the FleetWatchService (src/watch/fleet-watches.ts).
import {
  t,
  UserError,
  type BotServices,
  type CommandContext,
  type FleetScope,
  type FleetWatchService,
  type Locale,
  type ResolvedInstance,
} from '../src/core/index.js';
import { context, message, text } from '../src/render/builders.js';
import { thresholds, watchesOf } from './shared/watches.js';

function fleetOf(bot: BotServices, locale: Locale): FleetWatchService {
  const fleet = watchesOf(bot, locale).fleet;
  if (!fleet) throw new UserError('nothing-to-do', t(locale, 'watch.noFleet'));
  return fleet;
}

/** `--all` or `--location <name>` (not both, and not with an instance); null for a single server. */
export function fleetScope(
  instance: ResolvedInstance | undefined,
  all: boolean,
  location: string | undefined,
  verb: 'watch' | 'unwatch',
  locale: Locale,
): FleetScope | null {
  if (all && location !== undefined) throw new UserError('usage', t(locale, 'watch.allOrLocation'));
  if (instance && (all || location !== undefined))
    throw new UserError('usage', t(locale, 'watch.serverOrFleet'), t(locale, 'watch.tryLocation', { verb }));
  if (all) return { type: 'all' };
  return location !== undefined ? { type: 'location', name: location } : null;
}

/** Names shown in a fleet watch's reply at most. */
const NAMES_SHOWN = 20;

function namesOf(servers: ResolvedInstance[], locale: Locale): string {
  const names = servers.slice(0, NAMES_SHOWN).map((s) => s.label);
  if (servers.length > NAMES_SHOWN)
    names.push(t(locale, 'watch.andMore', { count: servers.length - NAMES_SHOWN }));
  return names.join(', ');
}

/** `watch --all` / `watch --location <name>`. */
export async function watchFleet(
  ctx: CommandContext,
  scope: FleetScope,
  settings: { cpuPercent?: number; memoryPercent?: number; page?: boolean },
) {
  const { locale } = ctx;
  const done = await fleetOf(ctx.bot, locale).set(
    ctx.actor.platform,
    ctx.channelId,
    scope,
    settings,
    ctx.actor,
    locale,
  );
  const limits = thresholds(settings.cpuPercent, settings.memoryPercent, locale);
  const servers = done.servers.length;
  const count = `${servers} server${servers === 1 ? '' : 's'}`;
  const stop =
    done.scope.type === 'all' ? '/vps unwatch --all' : `/vps unwatch --location "${done.scope.name}"`;
  return {
    message: message(
      t(locale, done.outcome === 'created' ? 'watch.fleetWatching' : 'watch.fleetStillWatching', {
        what: done.what,
        count: servers,
      }),
      [
        text(
          t(locale, 'watch.fleetEach', {
            limits,
            names: namesOf(done.servers, locale) || t(locale, 'watch.noneListed'),
          }),
        ),
        context(t(locale, 'watch.fleetPickedUp', { stop })),
      ],
      { tone: 'success' },
    ),
    auditSummary: `${done.outcome} fleet watch on ${done.what}: ${count} (${thresholds(settings.cpuPercent, settings.memoryPercent)})`,
  };
}

/** `unwatch --all` / `unwatch --location <name>`. */
export async function unwatchFleet(ctx: CommandContext, scope: FleetScope) {
  const { locale } = ctx;
  const done = await fleetOf(ctx.bot, locale).remove(ctx.actor.platform, ctx.channelId, scope, locale);
  if (!done)
    throw new UserError(
      'nothing-to-do',
      scope.type === 'all'
        ? t(locale, 'watch.noServerWatched')
        : t(locale, 'watch.locationNotWatched', { name: scope.name }),
      t(locale, 'watch.seeWatches'),
    );
  return {
    message: message(
      t(locale, 'watch.unwatched', { what: done.what }),
      [text(t(locale, 'watch.removedFleet', { count: done.removed }))],
      { tone: 'success' },
    ),
    auditSummary: `removed fleet watch on ${done.what}: ${done.removed} server watch${done.removed === 1 ? '' : 'es'}`,
  };
}

// The bot side the Slack and Discord e2e worlds share: the real core over a data dir, with the real
// operation tracker (short poll intervals) and the real chart renderer wired in, so a world can be
// "restarted" by closing one core and opening another over the same data dir.
import { allCommands } from '../../commands/index.js';
import type { HostingApi } from '../../src/api/index.js';
import { responderRouter } from '../../src/app/routing.js';
import type { ChatAdapter } from '../../src/core/index.js';
import type { AppConfig } from '../../src/app/config/app-config.js';
import type { Core } from '../../src/core/create-core.js';
import { createCoreWithState as createCore } from './core-with-state.js';
import type { OperationTracker } from '../../src/core/tracking-port.js';
import { silentLogger, type Logger } from '../../src/logger.js';
import { createChartRenderer } from '../../src/render/chart/index.js';
import { createOperationTracker, type RunningTracker } from '../../src/tracking/index.js';

/** Tracker timings for a world; the defaults finish quickly against the simulator's short timings. */
export interface WorldTracking {
  pollMinMs?: number;
  pollMaxMs?: number;
  timeoutMs?: number;
  editIntervalMs?: number;
}

/** One running core: the bot and the tracker following its confirmed operations. */
export interface WorldCore {
  bot: Core;
  tracker: RunningTracker;
  close(): Promise<void>;
}

/** Builds createCore with a real tracker and chart renderer over `config.dataDir`. */
export async function startWorldCore(
  config: AppConfig,
  api: HostingApi,
  options: { tracking?: WorldTracking; now?: () => Date; logger?: Logger } = {},
): Promise<WorldCore> {
  // The tracker needs the bot's store and the bot needs the tracker: hand the bot a forwarder.
  const late: { tracker?: RunningTracker } = {};
  const forwarder: OperationTracker = { follow: (spec, target) => late.tracker?.follow(spec, target) };
  const bot = await createCore(config, {
    api,
    commands: allCommands,
    tracker: forwarder,
    charts: createChartRenderer({ dataDir: config.dataDir }),
    logger: options.logger ?? silentLogger(),
    ...(options.now ? { now: options.now } : {}),
  });
  const running = createOperationTracker({
    api,
    store: bot.store,
    pollMinMs: 50,
    pollMaxMs: 200,
    timeoutMs: 30_000,
    editIntervalMs: 100,
    ...options.tracking,
  });
  late.tracker = running;
  return {
    bot,
    tracker: running,
    async close() {
      running.stop();
      await bot.close();
    },
  };
}

/** A core with its platform adapter, as one restartable unit of a world. */
export interface WorldSide<A extends ChatAdapter> {
  core: WorldCore;
  adapter: A;
}

/**
 * Keeps the current side of a world and restarts it over the same data dir: stop adapter and core,
 * start fresh ones, then resume the tracked operations the old ones left (returns how many).
 */
export async function restartableSide<A extends ChatAdapter>(
  start: (tracking: WorldTracking | undefined) => Promise<WorldSide<A>>,
  tracking: WorldTracking | undefined,
): Promise<{
  readonly current: WorldSide<A>;
  restart(tracking?: WorldTracking): Promise<number>;
  stop(): Promise<void>;
}> {
  let side = await start(tracking);
  const stop = async () => {
    await side.adapter.stop();
    await side.core.close();
  };
  return {
    get current() {
      return side;
    },
    async restart(next) {
      await stop();
      side = await start(next);
      return side.core.tracker.resume(responderRouter([side.adapter]));
    },
    stop,
  };
}

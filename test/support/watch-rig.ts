// A bot with watches over the simulator, a recording poster and a clock tests can move forward:
// `say` types a command as an actor and returns what was answered.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { createApp, type App } from '../../src/app/create-app.js';
import type { AppConfig } from '../../src/app/config/app-config.js';
import type { AuditLog, ChannelPoster } from '../../src/core/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Actor } from '../../src/core/ports.js';
import type { BotStore } from '../../src/core/store.js';
import { silentLogger } from '../../src/logger.js';
import { renderText } from '../../src/render/text.js';
import type { Message } from '../../src/render/message.js';
import { startSimulator, type SimulatorOptions } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import {
  createWatching,
  DEFAULT_PACING,
  type AlertMetrics,
  type PacingSettings,
} from '../../src/watch/index.js';
import type { PagerDuty } from '../../src/paging/pagerduty.js';
import { createCoreWithState } from './core-with-state.js';
import { stopAll } from './cleanup.js';
import { postLog } from './recording-poster.js';

export const OPS: Actor = { platform: 'slack', userId: 'U0OSCAR', displayName: 'oscar' };
export const VIEWER: Actor = { platform: 'slack', userId: 'U0VERA', displayName: 'vera' };
export const CHANNEL = 'C0ONCALL';
export const { web2: WEB2, cache1: CACHE1 } = SEED_IDS.instances;

/**
 * The product's pacing with one edit per card per 2 s instead of 5 s: a test waiting for a card's
 * paced edit (a recovery, an acknowledgement, a reminder) waits 2 s, and "at most one edit in the
 * second after the post" still holds.
 */
export const TEST_PACING: PacingSettings = { ...DEFAULT_PACING, editIntervalMs: 2_000 };

/**
 * Pacing for tests that assert no pacing (the incident's story, the live card): posts and edits
 * 50 ms apart at most, so no step waits for a token or a card's next edit.
 */
export const QUICK_PACING: PacingSettings = { ...DEFAULT_PACING, postsPerSecond: 50, burst: 20, editIntervalMs: 50 };

/** The bot with watches over the simulator, on a clock the test can move forward. */
export async function watchRig(
  options: {
    pagerDuty?: PagerDuty;
    metrics?: AlertMetrics;
    simulator?: SimulatorOptions;
    /** The instance list's TTL, also how often fleet watches are swept. */
    instanceListTtlMs?: number;
    /** The state to run on (default a fresh memory store), e.g. a Redis store. */
    store?: BotStore;
  } = {},
) {
  const sim = await startSimulator(options.simulator);
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-silences-'));
  await writeFile(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPS.userId}]\n  viewer: ["*"]\n`);
  const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
  const store = options.store ?? createMemoryStore();
  const clock = { skew: 0 };
  const watching = createWatching({
    api,
    store,
    intervalMs: 40,
    owner: 'r1',
    pacing: TEST_PACING,
    now: () => Date.now() + clock.skew,
    ...(options.pagerDuty ? { pagerDuty: options.pagerDuty } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.instanceListTtlMs ? { instanceListTtlMs: options.instanceListTtlMs } : {}),
  });
  const config = loadConfig({ VPSOPS_POLICY: join(dir, 'policy.yaml'), VPSOPS_DATA_DIR: join(dir, 'data') });
  const bot = await createCoreWithState(config, {
    api,
    store,
    commands: allCommands,
    watches: watching.service,
    logger: silentLogger(),
  });
  const log = postLog('slack');
  let seq = 0;
  const say = async (text: string, actor: Actor = OPS): Promise<string> => {
    const said: Message[] = [];
    const keep = async (message: Message) => {
      said.push(message);
      return { platform: 'slack' as const, channelId: CHANNEL, id: `m${(seq += 1)}` };
    };
    await bot.dispatcher.dispatch(
      { id: `i${(seq += 1)}`, platform: 'slack', actor, channelId: CHANNEL, input: { kind: 'text', text } },
      {
        reply: keep,
        update: async (_ref, m) => void said.push(m),
        announce: async (m) => void (await keep(m)),
      },
    );
    return said.map((m) => renderText(m)).join('\n');
  };
  /** Waits until `watches` shows every watch polled and healthy. */
  const polledOk = async (count: number) => {
    for (let i = 0; ; i += 1) {
      const list = await say('watches');
      if ((list.match(/OK \(Running\)/g) ?? []).length >= count) return;
      if (i > 400) throw new Error(`not every watch was polled: ${list}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const close = () =>
    stopAll(
      () => watching.stop(),
      () => bot.close(),
      () => sim.close(),
      () => rm(dir, { recursive: true, force: true }),
    );
  return { sim, store, watching, bot, log, say, polledOk, clock, close };
}

/** One app replica with watches on shared state, polling every 40 ms and posting through `poster`. */
export async function watchReplica(
  config: AppConfig,
  state: { store: BotStore; audit: AuditLog },
  poster: ChannelPoster,
  pacing: PacingSettings = TEST_PACING,
): Promise<App> {
  const app = await createApp(config, {
    charts: null,
    tracker: null,
    state: { ...state, close: async () => undefined },
    watchIntervalMs: 40,
    watchPacing: pacing,
  });
  await app.startWatching([poster]);
  return app;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

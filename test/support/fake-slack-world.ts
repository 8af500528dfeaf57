// The whole Slack path wired for e2e tests and the ack benchmark: hosting-API simulator → real
// API client → real core (temp data dir + policy) → the Slack adapter → the fake Slack. Tests
// drive it with signed requests like Slack would and read back what reached the fake. The core runs
// with the real operation tracker and chart renderer; restart() replaces core and adapter with
// fresh ones over the same data dir, simulator and fake Slack, and resumes tracking.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSlackAdapter, type SlackAdapter } from '../../adapters/slack/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Logger } from '../../src/logger.js';
import type { Core } from '../../src/core/create-core.js';
import { startSimulator, type SimulatorHandle, type SimulatorTiming } from '../../src/simulator/index.js';
import type { RunningTracker } from '../../src/tracking/index.js';
import { restartableSide, startWorldCore, type WorldTracking } from './chat-world-core.js';
import { stopAll } from './cleanup.js';
import { FakeSlack } from './fake-slack.js';
import {
  interactionForm,
  postSigned,
  slashCommandForm,
  type SlackHttpResult,
} from './fake-slack-requests.js';
import { onTestServer } from './test-http.js';
import { policyYaml } from './policy.js';
import { SCRIPTED_ENV } from './scripted-env.js';

/** Slack users in the world's policy. */
export const SLACK_USERS = {
  operator: 'U0OSCAR',
  other: 'U0OLGA',
  admin: 'U0ALICE',
  viewer: 'U0VERA',
} as const;

/** The channel the tests talk in. */
export const SLACK_CHANNEL = 'C0INCIDENT';

const POLICY = policyYaml({
  admin: [`slack:${SLACK_USERS.admin}`],
  operator: [`slack:${SLACK_USERS.operator}`, `slack:${SLACK_USERS.other}`],
  viewer: ['*'],
  aliases: { 'web-1': '7995e990-c3bf-4e27-8ce2-89fd5783f9ea' },
});

/** A signed request's answer plus when it arrived (for ordering against Slack posts). */
export type TimedResult = SlackHttpResult & { receivedAt: number };

/** A running world; `bot`, `tracker` and `adapter` are the current instance (they change on restart). */
export interface SlackWorld {
  sim: SimulatorHandle;
  slack: FakeSlack;
  readonly bot: Core;
  readonly tracker: RunningTracker;
  readonly adapter: SlackAdapter;
  signingSecret: string;
  /** The bot's data dir (audit.jsonl, state); removed on close. */
  dataDir: string;
  /** Stops bot and adapter, starts new ones over the same data dir, resumes tracking; returns how many resumed. */
  restart(options?: { tracking?: WorldTracking }): Promise<number>;
  /** Moves the bot's clock forward (confirmation expiry). */
  advanceClock(ms: number): void;
  /** Sends a signed `/vps <text>`; returns the HTTP answer and the response_url used. */
  slash(text: string, userId?: string): Promise<TimedResult & { responseUrl: string }>;
  /** Sends a signed interaction payload (block_actions, view_submission). */
  interact(payload: Record<string, unknown>): Promise<TimedResult>;
  close(): Promise<void>;
}

/** Starts simulator, core, adapter and fake Slack. */
export async function startSlackWorld(
  options: {
    timing?: Partial<SimulatorTiming>;
    tracking?: WorldTracking;
    logger?: Logger;
    /** A hosting API elsewhere (e.g. `vpsops simulator` in its own process) instead of the world's simulator. */
    hostingApi?: { url: string; apiKey: string };
    /** Extra configuration variables (e.g. VPSOPS_PROGRESS_AFTER_MS). */
    env?: Record<string, string>;
    /** Commands the policy makes two-person (an admin other than the requester confirms). */
    twoPerson?: string[];
  } = {},
): Promise<SlackWorld> {
  const signingSecret = 'e2e-signing-secret';
  const sim = await startSimulator({ timing: { stopMs: 0, terminateMs: 60_000, ...options.timing } });
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-slack-'));
  const policyPath = join(dir, 'policy.yaml');
  const approvals = options.twoPerson
    ? `approvals:\n  two_person: ${JSON.stringify(options.twoPerson)}\n`
    : '';
  await writeFile(policyPath, POLICY + approvals);
  const config = loadConfig({
    ...SCRIPTED_ENV,
    VPSOPS_POLICY: policyPath,
    VPSOPS_DATA_DIR: join(dir, 'data'),
    VPSOPS_CONFIRM_TTL_SECONDS: '120',
    ...options.env,
  });
  let offset = 0;
  const target = options.hostingApi ?? { url: sim.url, apiKey: sim.apiKey };
  const api = createHostingApi({ baseUrl: target.url, apiKey: target.apiKey, retries: 0, timeoutMs: 2_000 });
  const slack = await new FakeSlack().start();

  const startSide = async (tracking: WorldTracking | undefined) => {
    const core = await startWorldCore(config, api, {
      now: () => new Date(Date.now() + offset),
      ...(tracking ? { tracking } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    const adapter = onTestServer((http) =>
      createSlackAdapter({
        botToken: slack.botToken,
        signingSecret,
        apiUrl: slack.apiUrl,
        logger: options.logger,
        http,
      }),
    );
    await adapter.start(core.bot.dispatcher, core.bot.lookups);
    return { core, adapter };
  };
  const sides = await restartableSide(startSide, options.tracking);
  const events = () => `http://127.0.0.1:${sides.current.adapter.port}/slack/events`;
  const timed = async (sent: Promise<SlackHttpResult>): Promise<TimedResult> => ({
    ...(await sent),
    receivedAt: Date.now(),
  });

  return {
    sim,
    slack,
    get bot() {
      return sides.current.core.bot;
    },
    get tracker() {
      return sides.current.core.tracker;
    },
    get adapter() {
      return sides.current.adapter;
    },
    signingSecret,
    dataDir: config.dataDir,
    restart: (restartOptions = {}) => sides.restart(restartOptions.tracking),
    advanceClock: (ms) => void (offset += ms),
    async slash(text, userId = SLACK_USERS.operator) {
      const responseUrl = slack.newResponseUrl();
      const form = slashCommandForm({ text, userId, channelId: SLACK_CHANNEL, responseUrl });
      return { ...(await timed(postSigned(events(), form, { secret: signingSecret }))), responseUrl };
    },
    interact: (payload) => timed(postSigned(events(), interactionForm(payload), { secret: signingSecret })),
    // Every part stops even when one throws (the fake Slack's close fails on conformance findings).
    close: () =>
      stopAll(
        () => sides.stop(),
        () => sim.close(),
        () => slack.close(),
        () => rm(dir, { recursive: true, force: true }),
      ),
  };
}

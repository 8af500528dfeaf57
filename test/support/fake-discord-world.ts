// The whole Discord path wired for e2e tests and the interaction benchmark: hosting-API simulator
// → real API client → real core (temp data dir + policy) → the Discord adapter on the real
// discord.js → the fake Discord (REST + gateway). Tests send interactions through the gateway and
// read back what reached the fake REST API. The core runs with the real operation tracker and chart
// renderer; restart() replaces core and adapter with fresh ones over the same data dir, simulator
// and fake Discord, and resumes tracking.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDiscordAdapter,
  type DiscordAdapter,
  type GuildTenancy,
} from '../../adapters/discord/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Logger } from '../../src/logger.js';
import type { Core } from '../../src/core/create-core.js';
import { startSimulator, type SimulatorHandle, type SimulatorTiming } from '../../src/simulator/index.js';
import type { RunningTracker } from '../../src/tracking/index.js';
import { restartableSide, startWorldCore, type WorldTracking } from './chat-world-core.js';
import { stopAll } from './cleanup.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord.js';
import type { FakeUser } from './fake-discord-payloads.js';
import { policyYaml } from './policy.js';
import { SCRIPTED_ENV } from './scripted-env.js';

/** The operators' role (policy member `discord-role:<id>`). */
export const OPS_ROLE = '300000000000000001';

/** Discord users in the world's policy. */
export const DISCORD_USERS = {
  operator: { id: '100000000000000001', username: 'dora' },
  otherOperator: { id: '100000000000000002', username: 'otto' },
  viewer: { id: '100000000000000003', username: 'vera' },
  roleOperator: { id: '100000000000000004', username: 'rolf', roles: [OPS_ROLE] },
  admin: { id: '100000000000000005', username: 'ada' },
} satisfies Record<string, FakeUser>;

const POLICY_SPEC = {
  admin: [`discord:${DISCORD_USERS.admin.id}`],
  operator: [
    `discord:${DISCORD_USERS.operator.id}`,
    `discord:${DISCORD_USERS.otherOperator.id}`,
    `discord-role:${OPS_ROLE}`,
  ],
  viewer: ['*'],
  aliases: { 'web-1': '7995e990-c3bf-4e27-8ce2-89fd5783f9ea' },
};
const POLICY = policyYaml(POLICY_SPEC);

/** A running world; `bot`, `tracker` and `adapter` are the current instance (they change on restart). */
export interface DiscordWorld {
  sim: SimulatorHandle;
  discord: FakeDiscord;
  readonly bot: Core;
  readonly tracker: RunningTracker;
  readonly adapter: DiscordAdapter;
  /** HTTP interactions mode only: the Interactions Endpoint URL the fake Discord POSTs to. */
  endpointUrl: string;
  /** The bot's data dir (audit.jsonl, state); removed on close. */
  dataDir: string;
  /** Stops bot and adapter, starts new ones over the same data dir, resumes tracking; returns how many resumed. */
  restart(options?: { tracking?: WorldTracking }): Promise<number>;
  close(): Promise<void>;
}

/** Starts simulator, core, fake Discord and the adapter (logged in and ready). */
export async function startDiscordWorld(
  options: {
    timing?: Partial<SimulatorTiming>;
    tracking?: WorldTracking;
    logger?: Logger;
    /** HTTP interactions mode (signed POSTs to `endpointUrl`) instead of the gateway. */
    http?: boolean;
    /** A hosting API elsewhere (e.g. `vpsops simulator` in its own process) instead of the world's simulator. */
    hostingApi?: { url: string; apiKey: string };
    /** Extra configuration variables (e.g. VPSOPS_CONFIRM_TTL_SECONDS). */
    env?: Record<string, string>;
    /** Multi-guild mode: the guilds' tenants. */
    tenancy?: GuildTenancy;
    /** Commands the policy makes two-person (an admin other than the requester confirms). */
    twoPerson?: string[];
  } = {},
): Promise<DiscordWorld> {
  const sim = await startSimulator({ timing: { stopMs: 0, terminateMs: 60_000, ...options.timing } });
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-discord-'));
  const policyPath = join(dir, 'policy.yaml');
  await writeFile(
    policyPath,
    options.twoPerson ? policyYaml({ ...POLICY_SPEC, twoPerson: options.twoPerson }) : POLICY,
  );
  const config = loadConfig({
    ...SCRIPTED_ENV,
    VPSOPS_POLICY: policyPath,
    VPSOPS_DATA_DIR: join(dir, 'data'),
    VPSOPS_CONFIRM_TTL_SECONDS: '120',
    ...options.env,
  });
  const target = options.hostingApi ?? { url: sim.url, apiKey: sim.apiKey };
  const api = createHostingApi({ baseUrl: target.url, apiKey: target.apiKey, retries: 0, timeoutMs: 2_000 });
  const discord = await startFakeDiscord({ roles: [{ id: OPS_ROLE, name: 'ops' }] });
  // HTTP mode: the serve server stand-in, with whatever the adapter mounts on it.
  const mounted = new Map<string, RequestListener>();
  const server = createServer((req, res) => {
    const listener = mounted.get(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (listener) listener(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpointUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/discord/interactions`;

  const startSide = async (tracking: WorldTracking | undefined) => {
    const core = await startWorldCore(config, api, {
      ...(tracking ? { tracking } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    const adapter = createDiscordAdapter({
      token: discord.botToken,
      applicationId: discord.world.applicationId,
      apiUrl: discord.apiUrl,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.tenancy ? { tenancy: options.tenancy } : {}),
      ...(options.http
        ? {
            publicKey: discord.publicKeyHex,
            mount: (path: string, l: RequestListener) => void mounted.set(path, l),
          }
        : {}),
    });
    await adapter.start(core.bot.dispatcher, core.bot.lookups);
    return { core, adapter };
  };
  const sides = await restartableSide(startSide, options.tracking);

  return {
    sim,
    discord,
    get bot() {
      return sides.current.core.bot;
    },
    get tracker() {
      return sides.current.core.tracker;
    },
    get adapter() {
      return sides.current.adapter;
    },
    endpointUrl,
    dataDir: config.dataDir,
    restart: (restartOptions = {}) => sides.restart(restartOptions.tracking),
    // Every part stops even when one throws (the fake Discord's close fails on conformance findings).
    close: () =>
      stopAll(
        () => sides.stop(),
        () => sim.close(),
        () => discord.close(),
        async () => {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
        () => rm(dir, { recursive: true, force: true }),
      ),
  };
}

// The whole Discord path wired for e2e tests and the interaction benchmark: hosting-API simulator
// → real API client → real core (temp data dir + policy) → the Discord adapter on the real
// discord.js → the fake Discord (REST + gateway). Tests send interactions through the gateway and
// read back what reached the fake REST API.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCommands } from '../../commands/index.js';
import { createDiscordAdapter } from '../../adapters/discord/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/config.js';
import { createBot, type Bot } from '../../src/core/bot.js';
import type { PlatformAdapter } from '../../src/core/ports.js';
import { silentLogger } from '../../src/logger.js';
import { startSimulator, type SimulatorHandle, type SimulatorTiming } from '../../src/simulator/index.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord.js';
import type { FakeUser } from './fake-discord-payloads.js';

/** The operators' role (policy member `discord-role:<id>`). */
export const OPS_ROLE = '300000000000000001';

/** Discord users in the world's policy. */
export const DISCORD_USERS = {
  operator: { id: '100000000000000001', username: 'dora' },
  otherOperator: { id: '100000000000000002', username: 'otto' },
  viewer: { id: '100000000000000003', username: 'vera' },
  roleOperator: { id: '100000000000000004', username: 'rolf', roles: [OPS_ROLE] },
} satisfies Record<string, FakeUser>;

const POLICY = `
roles:
  operator: [discord:${DISCORD_USERS.operator.id}, discord:${DISCORD_USERS.otherOperator.id}, discord-role:${OPS_ROLE}]
  viewer: ["*"]
aliases:
  web-1: 7995e990-c3bf-4e27-8ce2-89fd5783f9ea
`;

/** A running world. */
export interface DiscordWorld {
  sim: SimulatorHandle;
  discord: FakeDiscord;
  bot: Bot;
  adapter: PlatformAdapter;
  close(): Promise<void>;
}

/** Polls `check` until it returns something truthy (or fails after `timeoutMs` saying what was awaited). */
export async function eventually<T>(
  check: () => T | undefined | null | false,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Starts simulator, core, fake Discord and the adapter (logged in and ready). */
export async function startDiscordWorld(
  options: { timing?: Partial<SimulatorTiming> } = {},
): Promise<DiscordWorld> {
  const sim = await startSimulator({ timing: { stopMs: 0, terminateMs: 60_000, ...options.timing } });
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-discord-'));
  const policyPath = join(dir, 'policy.yaml');
  await writeFile(policyPath, POLICY);
  const config = loadConfig({
    VPSOPS_POLICY: policyPath,
    VPSOPS_DATA_DIR: join(dir, 'data'),
    VPSOPS_CONFIRM_TTL_SECONDS: '120',
  });
  const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
  const bot = await createBot(config, { api, commands: allCommands, logger: silentLogger() });
  const discord = await startFakeDiscord({ roles: [{ id: OPS_ROLE, name: 'ops' }] });
  const adapter = createDiscordAdapter({
    token: discord.botToken,
    applicationId: discord.world.applicationId,
    apiUrl: discord.apiUrl,
  });
  await adapter.start(bot.dispatcher);
  return {
    sim,
    discord,
    bot,
    adapter,
    async close() {
      await adapter.stop();
      await bot.close();
      await sim.close();
      await discord.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

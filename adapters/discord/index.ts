// The Discord adapter, in one of three modes: HTTP interactions (`publicKey` set: Discord POSTs
// signed interactions to /discord/interactions, no gateway session), sharded gateway (`leases`
// given: each shard's session held by one replica under a store lease) or a single gateway client
// with only the Guilds intent. `apiUrl` points REST at another base (tests: the fake Discord); the
// gateway URL is then discovered through that base (GET /gateway/bot), so one URL redirects everything.
import { Client, Events, GatewayIntentBits, REST } from 'discord.js';
import { createMemoryEphemeralState } from '../../src/adapter-kit/memory-ephemeral-state.js';
import {
  type EphemeralState,
  bestEffortState,
  type AdapterLookups,
  type Dispatcher,
  type ChatAdapter,
  type MessageRef,
  type Responder,
  type LeaseStore,
} from '../../src/core/index.js';
import type { Logger } from '../../src/logger.js';
import { restoredResponder, type AdapterLogger } from './responder.js';
import { channelOf, whileStarted } from '../../src/adapter-kit/channel.js';
import { discordChannelPoster } from './channel-poster.js';
import { handlerContext } from './context.js';
import { describeError } from './errors.js';
import { createDiscordHttpAgent } from './http-agent.js';
import { startHttpMode, type MountFn } from './http-mode.js';
import { handleInteraction } from './interactions.js';
import { startShardedGateway } from './sharded-gateway.js';
import type { MemberFactsSource } from '../../src/adapter-kit/tenant-ports.js';
import { DISCORD_FACTS, forgetOnGuildDelete, type GuildTenancy } from './guild-tenancy.js';

export { buildCommandPayload } from './commands-payload.js';
export { registerDiscordCommands } from './register.js';
export { messageCommands } from './message-commands.js';
export type { RegisterOptions } from './register.js';
export type { MountFn } from './http-mode.js';
export type { GuildTenancy } from './guild-tenancy.js';

/** Options of the Discord adapter; `apiUrl` is the REST base without the version (…/api). */
export interface DiscordAdapterOptions {
  token: string;
  applicationId: string;
  apiUrl?: string;
  logger?: Logger;
  /** Where interaction tokens and typed specs live; shared between replicas (default: this process). */
  state?: EphemeralState;
  /** The application's hex public key: HTTP interactions mode. */
  publicKey?: string;
  /** Mounts the interactions endpoint on the serve HTTP server; HTTP interactions mode needs it. */
  mount?: MountFn;
  /** Shard leases (the shared store's): sharded gateway mode, one session per shard across replicas. */
  leases?: LeaseStore;
  /** Total shards in sharded mode; unset → Discord's recommendation. */
  shardCount?: number;
  /** How long a shard lease lasts unless renewed (VPSOPS_LEASE_TTL_SECONDS); free shards are looked for every third of it. */
  leaseTtlMs?: number;
  /** Multi-guild mode: each guild a tenant with its own linked key (DISCORD_MULTI_GUILD=1). */
  tenancy?: GuildTenancy;
}

/** The Discord adapter: alerts and restored cards edited with the bot token over REST. */
export type DiscordAdapter = ChatAdapter & MemberFactsSource;

const SILENT: AdapterLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What every mode is started with. */
interface ModeDeps {
  options: DiscordAdapterOptions;
  dispatcher: Dispatcher;
  lookups?: AdapterLookups;
  logger: AdapterLogger;
  state: EphemeralState;
  /** REST options: the base URL and the adapter's own undici Agent. */
  rest: ConstructorParameters<typeof REST>[0] & object;
}

/** One logged-in gateway client for every shard (a single process). */
async function startSingleClient({ options, dispatcher, lookups, logger, state, rest }: ModeDeps) {
  const current = new Client({ intents: [GatewayIntentBits.Guilds], rest });
  const ctx = handlerContext(
    dispatcher,
    current.rest,
    options.applicationId,
    logger,
    state,
    lookups,
    options.tenancy,
  );
  forgetOnGuildDelete(current, options.tenancy, logger);
  current.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction, ctx));
  current.on(Events.Error, (error) => logger.error({ error: describeError(error) }, 'discord: client error'));
  const ready = new Promise<void>((resolve) => current.once(Events.ClientReady, () => resolve()));
  try {
    await current.login(options.token);
    await ready;
  } catch (error) {
    await current.destroy();
    throw new Error(`Discord login failed: ${describeError(error).message as string}`);
  }
  logger.info({ user: current.user?.id }, 'discord: connected');
  return { rest: current.rest, stop: () => current.destroy() };
}

/** Sessions across replicas: only the shards whose lease this process holds. */
async function startSharded(
  { options, dispatcher, lookups, logger, state, rest: restOptions }: ModeDeps,
  leases: LeaseStore,
) {
  const rest = new REST(restOptions).setToken(options.token);
  const gateway = await startShardedGateway({
    token: options.token,
    restOptions,
    shardCount: options.shardCount,
    ...(options.leaseTtlMs !== undefined ? { ttlMs: options.leaseTtlMs } : {}),
    leases,
    rest,
    ctx: handlerContext(dispatcher, rest, options.applicationId, logger, state, lookups, options.tenancy),
  });
  logger.info({ shardCount: gateway.shardCount, held: gateway.held() }, 'discord: sharded gateway started');
  return { rest, stop: () => gateway.stop() };
}

/** Builds the Discord PlatformAdapter; `start` resolves once the chosen mode is serving. */
export function createDiscordAdapter(options: DiscordAdapterOptions): DiscordAdapter {
  let running: { rest: REST; stop(): Promise<void> } | null = null;
  // A frozen or lost store must never silence a reply: this state only helps (see best-effort.ts).
  const state = bestEffortState(options.state ?? createMemoryEphemeralState(), (error, what) =>
    options.logger?.warn({ err: error }, `discord: ${what} skipped (state store)`),
  );
  const outbound = discordChannelPoster(whileStarted('discord', () => running?.rest));
  return {
    ...outbound,
    platform: 'discord',
    // Multi-guild mode: the app gives each interaction's member its guild role from these.
    ...(options.tenancy ? { memberFacts: DISCORD_FACTS } : {}),
    async start(dispatcher: Dispatcher, lookups?: AdapterLookups): Promise<void> {
      if (running) throw new Error('the Discord adapter is already started');
      const logger: AdapterLogger = options.logger ?? SILENT;
      const agent = createDiscordHttpAgent();
      const rest = { ...(options.apiUrl ? { api: options.apiUrl } : {}), agent };
      const deps: ModeDeps = { options, dispatcher, logger, state, rest, ...(lookups ? { lookups } : {}) };
      try {
        let mode: { rest: REST; stop(): Promise<void> };
        if (options.publicKey) {
          // Adapters start no server: the endpoint is only ever a route on serve's.
          if (!options.mount) throw new Error('Discord HTTP interactions mode needs a server to mount on');
          const http = await startHttpMode(
            { ...options, publicKey: options.publicKey, mount: options.mount, logger, state, rest },
            dispatcher,
            lookups,
          );
          mode = { rest: http.client.rest, stop: () => http.stop() };
        } else if (options.leases) mode = await startSharded(deps, options.leases);
        else mode = await startSingleClient(deps);
        running = {
          rest: mode.rest,
          async stop() {
            await mode.stop();
            await agent.close().catch(() => undefined);
          },
        };
      } catch (error) {
        await agent.close().catch(() => undefined);
        throw error;
      }
    },
    channel: (id: string) => channelOf(outbound, id),
    restore(ref: MessageRef): Responder | null {
      return running ? restoredResponder(running.rest, ref) : null;
    },
    async stop(): Promise<void> {
      const current = running;
      running = null;
      await current?.stop();
    },
  };
}

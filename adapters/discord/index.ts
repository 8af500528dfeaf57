// The Discord adapter: a discord.js client with only the Guilds intent (slash commands and buttons
// need nothing else). `apiUrl` points REST at another base (tests: the fake Discord); the gateway
// URL is then discovered through that base (GET /gateway/bot), so one URL redirects everything.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { createMemoryEphemeralState, type EphemeralState } from '../../src/core/ephemeral-state.js';
import type { Logger } from '../../src/logger.js';
import type { Dispatcher, MessageRef, PlatformAdapter, Responder } from '../../src/core/ports.js';
import { restoredResponder, type AdapterLogger } from './responder.js';
import type { ChannelPoster } from '../../src/watch/index.js';
import { discordChannelPoster } from './channel-poster.js';
import { DiscordInteractionState } from './interaction-state.js';
import { describeError } from './errors.js';
import { createDiscordHttpAgent } from './http-agent.js';
import { handleInteraction } from './interactions.js';
import type { HandlerContext } from './interactions.js';
import { indexCommands } from './translate.js';

export { buildCommandPayload } from './commands-payload.js';
export { registerDiscordCommands } from './register.js';
export type { RegisterOptions } from './register.js';

/** Options of the Discord adapter; `apiUrl` is the REST base without the version (…/api). */
export interface DiscordAdapterOptions {
  token: string;
  applicationId: string;
  apiUrl?: string;
  logger?: Logger;
  /** Where interaction tokens and typed specs live; shared between replicas (default: this process). */
  state?: EphemeralState;
}

/** The Discord adapter; `responderFor` rebuilds a Responder for a stored card after a restart. */
export type DiscordAdapter = PlatformAdapter & {
  /** Bot-token editing of a stored card (tracking resumed after a restart); null when it cannot be edited. */
  responderFor(ref: MessageRef): Responder | null;
  /** Posts and edits alerts with the bot token; null before start(). */
  poster(): ChannelPoster | null;
};

const SILENT: AdapterLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Builds the Discord PlatformAdapter; `start` logs in and resolves once the client is ready. */
export function createDiscordAdapter(options: DiscordAdapterOptions): DiscordAdapter {
  let client: Client | null = null;
  let httpAgent: { close(): Promise<void> } | null = null;
  const state = options.state ?? createMemoryEphemeralState();
  return {
    platform: 'discord',
    async start(dispatcher: Dispatcher): Promise<void> {
      if (client) throw new Error('the Discord adapter is already started');
      const logger: AdapterLogger = options.logger ?? SILENT;
      const agent = createDiscordHttpAgent();
      httpAgent = agent;
      const current = new Client({
        intents: [GatewayIntentBits.Guilds],
        rest: { ...(options.apiUrl ? { api: options.apiUrl } : {}), agent },
      });
      client = current;
      const ctx: HandlerContext = {
        dispatcher,
        index: indexCommands(dispatcher.commands()),
        rest: current.rest,
        applicationId: options.applicationId,
        state: new DiscordInteractionState(state),
        logger,
        now: Date.now,
      };
      current.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction, ctx));
      current.on(Events.Error, (error) =>
        logger.error({ error: describeError(error) }, 'discord: client error'),
      );
      const ready = new Promise<void>((resolve) => current.once(Events.ClientReady, () => resolve()));
      try {
        await current.login(options.token);
        await ready;
      } catch (error) {
        client = null;
        await current.destroy();
        throw new Error(`Discord login failed: ${describeError(error).message as string}`);
      }
      logger.info({ user: current.user?.id }, 'discord: connected');
    },
    poster(): ChannelPoster | null {
      return client ? discordChannelPoster(client.rest) : null;
    },
    responderFor(ref: MessageRef): Responder | null {
      return client ? restoredResponder(client.rest, ref) : null;
    },
    async stop(): Promise<void> {
      const current = client;
      client = null;
      await current?.destroy();
      const agent = httpAgent;
      httpAgent = null;
      await agent?.close().catch(() => undefined);
    },
  };
}

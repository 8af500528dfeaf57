// HTTP interactions mode: no gateway session at all. Discord POSTs each interaction to
// /discord/interactions on any replica; discord.js builds the same Interaction objects from the raw
// payload as it does for gateway events, and the bot's own posts (tracked operations, alerts) go
// through REST with the bot token. The endpoint is a request listener mounted on the serve HTTP
// server; this mode starts no server of its own.
import { Client, Events, type RESTOptions } from 'discord.js';
import type { EphemeralState, AdapterLookups, Dispatcher } from '../../src/core/index.js';
import { CallbackCapturingRest } from './callback-rest.js';
import { handlerContext } from './context.js';
import { createInteractionsEndpoint, INTERACTIONS_PATH, type RequestListener } from './http-interactions.js';
import { handleInteraction } from './interactions.js';
import { firstDelivery } from '../../src/adapter-kit/request-time.js';
import type { AdapterLogger } from './responder.js';
import { createSignatureCheck } from './signature.js';
import type { GuildTenancy } from './guild-tenancy.js';
import { createWebhookEventsEndpoint, WEBHOOK_EVENTS_PATH } from './webhook-events.js';

/** Puts a request listener on the process's HTTP server at `path`; may return the unmount. */
export type MountFn = (path: string, listener: RequestListener) => (() => void) | void;

/** What HTTP mode needs. */
export interface HttpModeOptions {
  token: string;
  applicationId: string;
  apiUrl?: string;
  publicKey: string;
  /** Mounts the endpoint on serve's HTTP server. */
  mount: MountFn;
  logger: AdapterLogger;
  /** Interaction tokens and typed specs, shared between replicas. */
  state: EphemeralState;
  /** REST options (base URL, the adapter's own undici Agent). */
  rest: Partial<RESTOptions>;
  /** Multi-guild mode: guilds as tenants, and the webhook events endpoint that forgets them. */
  tenancy?: GuildTenancy;
}

/** A running HTTP-mode adapter. */
export interface HttpMode {
  client: Client;
  stop(): Promise<void>;
}

/**
 * discord.js's own handler for a raw INTERACTION_CREATE (client.actions, not in its typings): looked up
 * and checked at start, so a discord.js upgrade that moves it fails loudly instead of dropping commands.
 */
function rawInteractionHandler(client: Client): (raw: unknown) => void {
  const member = (owner: unknown, key: string): unknown =>
    typeof owner === 'object' && owner !== null ? Reflect.get(owner, key) : undefined;
  const action = member(member(client, 'actions'), 'InteractionCreate');
  const handle = member(action, 'handle');
  if (typeof handle !== 'function') throw new Error('discord.js has no actions.InteractionCreate.handle');
  return (raw) => void Reflect.apply(handle, action, [raw]);
}

/** Starts HTTP interactions mode; resolves once the endpoint accepts requests. */
export async function startHttpMode(
  options: HttpModeOptions,
  dispatcher: Dispatcher,
  lookups?: AdapterLookups,
): Promise<HttpMode> {
  const { logger } = options;
  const client = new Client({ intents: [] });
  const rest = new CallbackCapturingRest(options.rest);
  rest.setToken(options.token);
  client.rest = rest;
  const ctx = handlerContext(
    dispatcher,
    rest,
    options.applicationId,
    logger,
    options.state,
    lookups,
    options.tenancy,
  );
  // discord.js turns a raw interaction into its Interaction class and emits it synchronously, the
  // exact path a gateway INTERACTION_CREATE takes; the handler's promise is picked up right after.
  let running: Promise<void> | undefined;
  client.on(Events.InteractionCreate, (interaction) => (running = handleInteraction(interaction, ctx)));
  const handleRaw = rawInteractionHandler(client);
  // Each interaction's replay verdict while its handlers run: they ack first, then wait for it.
  const verdicts = new Map<string, Promise<boolean>>();
  ctx.firstDelivery = (id) => verdicts.get(id) ?? Promise.resolve(true);
  const deliver = async (raw: { id: string }, first: Promise<boolean>): Promise<void> => {
    verdicts.set(raw.id, first);
    running = undefined;
    handleRaw(raw);
    const started = running ?? Promise.resolve();
    running = undefined;
    try {
      await started;
    } finally {
      verdicts.delete(raw.id);
    }
  };
  const check = createSignatureCheck(options.publicKey);
  const listener = createInteractionsEndpoint({
    check,
    rest,
    handle: deliver,
    firstDelivery: (id) => firstDelivery(options.state, `discord:${id}`),
    logger,
  });
  const unmount = options.mount(INTERACTIONS_PATH, listener);
  logger.info({ path: INTERACTIONS_PATH }, 'discord: HTTP interactions endpoint ready');
  const unmountEvents = options.tenancy
    ? options.mount(
        WEBHOOK_EVENTS_PATH,
        createWebhookEventsEndpoint({ check, tenancy: options.tenancy, logger }),
      )
    : undefined;
  return {
    client,
    async stop() {
      unmount?.();
      unmountEvents?.();
      await client.destroy();
    },
  };
}

// A started Slack app: its receiver (Bolt's HTTP listener mounted on serve's server, or Socket Mode),
// the Web API client (per workspace in OAuth mode), the outbox, the listeners — and how to stop them.
import { App, HTTPReceiver, SocketModeReceiver, webApi } from '@slack/bolt';
import { createMemoryEphemeralState } from '../../src/adapter-kit/memory-ephemeral-state.js';
import type { AdapterLookups, Dispatcher, EphemeralState } from '../../src/core/index.js';
import type { MemberFacts, TenantEvents, TenantKeys } from '../../src/adapter-kit/tenant-ports.js';
import type { Logger } from '../../src/logger.js';
import type { HttpMount } from '../../src/serve/http-server.js';
import type { toBoltLogger } from './bolt-logger.js';
import { startListeners } from './home-start.js';
import { SlackOutbox } from './outbox.js';
import { refuseFutureRequests } from './request-time.js';
import { deliveryKeyOf } from './replays.js';
import { registerConnect, registerTenantScope } from './connect.js';
import { slackInstallationStore, type SlackInstallations } from './installation-store.js';
import { INSTALL_PATH, REDIRECT_PATH, oauthReceiverOptions, type SlackOAuthOptions } from './oauth.js';
import { registerUninstall } from './uninstall.js';
import { tenantWebClient } from './tenant-client.js';
import { askOwnTeamAdmin, slackWorkspaceFacts } from './workspace-facts.js';
import { singleUseStateStore } from './oauth-state.js';
import { createUserLocales, usersInfoLookup } from './user-locale.js';

/** Settings of the Slack adapter (from config.slack); tokens are never logged. */
export interface SlackAdapterOptions {
  /** The one workspace's bot token (single-tenant mode); unused with `oauth`. */
  botToken: string;
  /** OAuth mode: installed in many workspaces, each installation and key kept per tenant. */
  oauth?: SlackOAuthOptions & {
    installations: SlackInstallations;
    keys: TenantKeys;
    /** Signs install states (oauth-state.ts). */
    installStateKey: Uint8Array;
    /** Installs audited (src/tenants/tenant-events.ts). */
    events?: TenantEvents;
  };
  signingSecret: string;
  /** xapp- token: when set, Socket Mode is used instead of the HTTP endpoint. */
  appToken?: string;
  /** Slack Web API base URL (tests point it at a fake). */
  apiUrl?: string;
  /** The serve HTTP server: /slack/events is mounted there (HTTP mode); the adapter listens on nothing. */
  http: HttpMount;
  logger?: Logger | undefined;
  /** Slash command name; defaults to "/vps". */
  command?: string;
  /** Where response_url handles and typed specs live; shared between replicas (default: this process). */
  state?: EphemeralState;
}

type BoltLogger = ReturnType<typeof toBoltLogger>;
type ClientOptions = ReturnType<typeof slackClientOptions>;

/** What the adapter hands a start: the command layer, its state and how to track in-flight work. */
export interface SlackStart {
  dispatcher: Dispatcher;
  lookups: AdapterLookups | undefined;
  state: EphemeralState;
  logger: BoltLogger;
  clientOptions: ClientOptions;
  track: (work: Promise<void>) => void;
}

/** The parts of a started app the adapter uses while it runs. */
export interface RunningSlack {
  outbox: SlackOutbox;
  facts: MemberFacts;
  /** Socket Mode only: opens the outbound WebSocket (HTTP mode is already mounted). */
  connect(): Promise<void>;
  /** Removes the listeners and the endpoints, closes Socket Mode. */
  stop(): Promise<void>;
}

/** Where Slack sends commands, clicks and modal submits. */
const EVENTS_PATH = '/slack/events';

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The Web API client settings shared by every client the adapter makes. */
export function slackClientOptions(apiUrl: string | undefined, logger: BoltLogger) {
  return {
    ...(apiUrl ? { slackApiUrl: withTrailingSlash(apiUrl) } : {}),
    // Rate limits are waited out (Retry-After) then retried; other failures retried briefly.
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 3_000 },
    timeout: 10_000,
    logger,
  };
}

/** HTTP mode's receiver: signed requests, future timestamps refused; OAuth's install pages in OAuth mode. */
function httpReceiverFor(options: SlackAdapterOptions, start: SlackStart): HTTPReceiver {
  const { clientOptions } = start;
  const receiver = new HTTPReceiver({
    signingSecret: options.signingSecret,
    endpoints: EVENTS_PATH,
    customPropertiesExtractor: deliveryKeyOf,
    logger: start.logger,
    processBeforeResponse: false,
    ...(options.oauth
      ? oauthReceiverOptions(
          options.oauth,
          slackInstallationStore(options.oauth.installations, {
            ownTeamAdmin: (token, userId, teamId) =>
              askOwnTeamAdmin(new webApi.WebClient(token, clientOptions), userId, teamId),
            ...(options.oauth.events ? { events: options.oauth.events } : {}),
          }),
          {
            ...(clientOptions.slackApiUrl ? { slackApiUrl: clientOptions.slackApiUrl } : {}),
          },
          // Not best effort: a state that cannot be checked must refuse the install.
          singleUseStateStore(options.state ?? createMemoryEphemeralState(), options.oauth.installStateKey),
        )
      : {}),
  });
  // Bolt refuses stale timestamps only; future ones are refused the same way here.
  receiver.requestListener = refuseFutureRequests(receiver.requestListener, {
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return receiver;
}

/** The client the outbox posts with: in OAuth mode, the bot token of the workspace being answered. */
function outgoingClient(app: App, options: SlackAdapterOptions, clientOptions: ClientOptions) {
  if (!options.oauth) return app.client;
  const clients = new Map<string, webApi.WebClient>();
  return tenantWebClient(app.client, (token) => {
    const cached = clients.get(token) ?? new webApi.WebClient(token, clientOptions);
    clients.set(token, cached);
    return cached;
  });
}

/** Bolt's listener answers /slack/events (and OAuth's pages) on the serve server; returns the unmount. */
function mountEndpoints(options: SlackAdapterOptions, receiver: HTTPReceiver): () => void {
  const listener = receiver.requestListener;
  const unmounts = [options.http.mount(EVENTS_PATH, listener)];
  if (options.oauth)
    unmounts.push(...[INSTALL_PATH, REDIRECT_PATH].map((path) => options.http.mount(path, listener, ['GET'])));
  return () => unmounts.forEach((undo) => undo());
}

/** Builds the Bolt app, registers the listeners and mounts the endpoints (the receiver is never started). */
export async function startSlackApp(options: SlackAdapterOptions, start: SlackStart): Promise<RunningSlack> {
  const { clientOptions, logger } = start;
  const socketReceiver = options.appToken
    ? new SocketModeReceiver({ appToken: options.appToken, logger, installerOptions: { clientOptions } })
    : undefined;
  const httpReceiver = socketReceiver ? undefined : httpReceiverFor(options, start);
  const app = new App({
    // OAuth mode: Bolt authorises each request with its workspace's installation.
    ...(options.oauth ? {} : { token: options.botToken }),
    receiver: socketReceiver ?? httpReceiver,
    logger,
    clientOptions,
    deferInitialization: true,
    // Unused here, and its default store builds and throws an Error on every request before the ack.
    convoStore: false,
  });
  if (options.oauth) registerTenantScope(app);
  const client = outgoingClient(app, options, clientOptions);
  const outbox = new SlackOutbox(client, start.state);
  const locales = createUserLocales({
    // OAuth mode: asked with the workspace's own token (the app's client has none).
    lookup: usersInfoLookup(client),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const facts = slackWorkspaceFacts(client, { logger: options.logger });
  const command = options.command ?? '/vps';
  const homes = startListeners(app, start.lookups?.plate, {
    dispatcher: start.dispatcher,
    ...(start.lookups ? { gate: start.lookups.gate } : {}),
    outbox,
    state: start.state,
    ...(options.logger ? { logger: options.logger.child({ component: 'slack' }) } : {}),
    command,
    locales,
    track: start.track,
  });
  if (options.oauth) {
    const logged = options.logger ? { logger: options.logger } : {};
    registerConnect(app, { keys: options.oauth.keys, locales, command, ...logged });
    registerUninstall(app, options.oauth.installations, options.logger);
  }
  await app.init();
  const unmount = httpReceiver ? mountEndpoints(options, httpReceiver) : undefined;
  return {
    outbox,
    facts,
    // Socket Mode is an outbound WebSocket, not a server.
    async connect() {
      await socketReceiver?.start();
    },
    async stop() {
      homes?.stop();
      unmount?.();
      if (socketReceiver) await socketReceiver.stop().catch(() => undefined);
    },
  };
}

// The Slack adapter: a Bolt app receiving `/vps`, button clicks and modal submits over HTTP
// (signed requests at /slack/events, mounted on serve's HTTP server) or Socket Mode when an app
// token is set. Transport only — verification, ack, translation and native rendering; no command
// logic, and no server: Bolt's HTTPReceiver is used for its request listener and never started.
import { App, HTTPReceiver, SocketModeReceiver, webApi } from '@slack/bolt';
import { createMemoryEphemeralState } from '../../src/adapter-kit/memory-ephemeral-state.js';
import { withDeadline } from '../../src/core/index.js';
import {
  type EphemeralState,
  bestEffortState,
  type AdapterLookups,
  type Dispatcher,
  type ChatAdapter,
  type MessageRef,
  type Responder,
} from '../../src/core/index.js';
import { channelOf, whileStarted } from '../../src/adapter-kit/channel.js';
import type { Logger } from '../../src/logger.js';
import type { HttpMount } from '../../src/serve/http-server.js';
import { toBoltLogger } from './bolt-logger.js';
import { startListeners } from './home-start.js';
import { SlackOutbox } from './outbox.js';
import { restoredResponder } from './responder.js';
import { slackChannelPoster } from './channel-poster.js';
import { refuseFutureRequests } from './request-time.js';
import { deliveryKeyOf } from './replays.js';
import { registerConnect, registerTenantScope } from './connect.js';
import { slackInstallationStore, type SlackInstallations } from './installation-store.js';
import { INSTALL_PATH, REDIRECT_PATH, oauthReceiverOptions, type SlackOAuthOptions } from './oauth.js';
import { registerUninstall } from './uninstall.js';
import { tenantWebClient } from './tenant-client.js';
import type {
  MemberFacts,
  MemberFactsSource,
  TenantEvents,
  TenantKeys,
} from '../../src/adapter-kit/tenant-ports.js';
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

/** The Slack adapter plus the port of the server its endpoint is mounted on. */
export type SlackAdapter = ChatAdapter &
  MemberFactsSource & {
    readonly port: number;
  };

/** How long stop() waits for in-flight commands before closing anyway. */
const DRAIN_MS = 5_000;

/** Where Slack sends commands, clicks and modal submits. */
const EVENTS_PATH = '/slack/events';

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** Creates the Slack adapter; nothing listens until start(). */
export function createSlackAdapter(options: SlackAdapterOptions): SlackAdapter {
  const logger = toBoltLogger(options.logger);
  const clientOptions = {
    ...(options.apiUrl ? { slackApiUrl: withTrailingSlash(options.apiUrl) } : {}),
    // Rate limits are waited out (Retry-After) then retried; other failures retried briefly.
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 3_000 },
    timeout: 10_000,
    logger,
  };
  // A frozen or lost store must never silence a reply: this state only helps (see best-effort.ts).
  const state = bestEffortState(options.state ?? createMemoryEphemeralState(), (error, what) =>
    options.logger?.warn({ err: error }, `slack: ${what} skipped (state store)`),
  );
  const inflight = new Set<Promise<void>>();
  let app: App | undefined;
  let outbox: SlackOutbox | undefined;
  let httpReceiver: HTTPReceiver | undefined;
  let socketReceiver: SocketModeReceiver | undefined;
  let unmount: (() => void) | undefined;
  let homes: ReturnType<typeof startListeners>;
  // OAuth mode: who administers a workspace and who is in a user group, asked with the running client.
  let facts: MemberFacts | undefined;
  const runningFacts = whileStarted('slack', () => facts);
  const memberFacts: MemberFacts = {
    isAdmin: (actor) => runningFacts().isAdmin(actor),
    inGroup: (actor, groupId) => runningFacts().inGroup(actor, groupId),
  };
  // Alerts and notices go out with the bot token, through the outbox of the running app.
  const outbound = slackChannelPoster(whileStarted('slack', () => outbox));

  return {
    ...outbound,
    platform: 'slack',
    // OAuth mode: the app gives each request's actor its workspace role from these.
    ...(options.oauth ? { memberFacts } : {}),
    get port() {
      return options.http.port;
    },

    async start(dispatcher: Dispatcher, lookups?: AdapterLookups): Promise<void> {
      if (app) throw new Error('Slack adapter already started');
      if (options.appToken) {
        socketReceiver = new SocketModeReceiver({
          appToken: options.appToken,
          logger,
          installerOptions: { clientOptions },
        });
      } else {
        httpReceiver = new HTTPReceiver({
          signingSecret: options.signingSecret,
          endpoints: EVENTS_PATH,
          customPropertiesExtractor: deliveryKeyOf,
          logger,
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
                singleUseStateStore(
                  options.state ?? createMemoryEphemeralState(),
                  options.oauth.installStateKey,
                ),
              )
            : {}),
        });
        // Bolt refuses stale timestamps only; future ones are refused the same way here.
        httpReceiver.requestListener = refuseFutureRequests(httpReceiver.requestListener, {
          ...(options.logger ? { logger: options.logger } : {}),
        });
      }
      const created = new App({
        // OAuth mode: Bolt authorises each request with its workspace's installation.
        ...(options.oauth ? {} : { token: options.botToken }),
        receiver: socketReceiver ?? httpReceiver,
        logger,
        clientOptions,
        deferInitialization: true,
        // Unused here, and its default store builds and throws an Error on every request before the ack.
        convoStore: false,
      });
      if (options.oauth) registerTenantScope(created);
      // OAuth mode: the outbox posts with the bot token of the workspace being answered.
      const clients = new Map<string, webApi.WebClient>();
      const client = options.oauth
        ? tenantWebClient(created.client, (token) => {
            const cached = clients.get(token) ?? new webApi.WebClient(token, clientOptions);
            clients.set(token, cached);
            return cached;
          })
        : created.client;
      outbox = new SlackOutbox(client, state);
      const locales = createUserLocales({
        // OAuth mode: asked with the workspace's own token (the app's client has none).
        lookup: usersInfoLookup(client),
        ...(options.logger ? { logger: options.logger } : {}),
      });
      facts = slackWorkspaceFacts(client, { logger: options.logger });
      homes = startListeners(created, lookups?.plate, {
        dispatcher,
        ...(lookups ? { gate: lookups.gate } : {}),
        outbox,
        state,
        ...(options.logger ? { logger: options.logger.child({ component: 'slack' }) } : {}),
        command: options.command ?? '/vps',
        locales,
        track: (work) => {
          inflight.add(work);
          void work.finally(() => inflight.delete(work));
        },
      });
      if (options.oauth) {
        const oauthDeps = {
          keys: options.oauth.keys,
          locales,
          command: options.command ?? '/vps',
          ...(options.logger ? { logger: options.logger } : {}),
        };
        registerConnect(created, oauthDeps);
        registerUninstall(created, options.oauth.installations, options.logger);
      }
      await created.init();
      app = created;
      // Bolt's listener answers /slack/events on the serve server; the receiver is never started.
      if (httpReceiver) {
        const listener = httpReceiver.requestListener;
        const unmounts = [options.http.mount(EVENTS_PATH, listener)];
        if (options.oauth)
          unmounts.push(
            ...[INSTALL_PATH, REDIRECT_PATH].map((path) => options.http.mount(path, listener, ['GET'])),
          );
        unmount = () => unmounts.forEach((undo) => undo());
      }
      // Socket Mode is an outbound WebSocket, not a server.
      await socketReceiver?.start();
      options.logger?.info({ mode: socketReceiver ? 'socket' : 'http' }, 'slack adapter ready');
    },

    channel: (id: string) => channelOf(outbound, id),

    restore(ref: MessageRef): Responder | null {
      return outbox ? restoredResponder(outbox, ref, options.logger) : null;
    },

    async stop(): Promise<void> {
      if (!app) return;
      app = undefined;
      outbox = undefined;
      homes?.stop();
      unmount?.();
      unmount = undefined;
      if (socketReceiver) await socketReceiver.stop().catch(() => undefined);
      httpReceiver = undefined;
      socketReceiver = undefined;
      await withDeadline(Promise.allSettled([...inflight]), DRAIN_MS, () => undefined);
    },
  };
}

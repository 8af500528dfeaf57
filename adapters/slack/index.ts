// The Slack adapter: a Bolt app receiving `/vps`, button clicks and modal submits over HTTP
// (signed requests at /slack/events, mounted on serve's HTTP server) or Socket Mode when an app
// token is set. Transport only — verification, ack, translation and native rendering; no command
// logic, and no server: Bolt's HTTPReceiver is used for its request listener and never started.
import { createMemoryEphemeralState } from '../../src/adapter-kit/memory-ephemeral-state.js';
import {
  type AdapterLookups,
  type ChatAdapter,
  type Dispatcher,
  type MessageRef,
  type Responder,
  bestEffortState,
  withDeadline,
} from '../../src/core/index.js';
import { channelOf, whileStarted } from '../../src/adapter-kit/channel.js';
import type { MemberFacts, MemberFactsSource } from '../../src/adapter-kit/tenant-ports.js';
import { toBoltLogger } from './bolt-logger.js';
import { restoredResponder } from './responder.js';
import { slackChannelPoster } from './channel-poster.js';
import {
  slackClientOptions,
  startSlackApp,
  type RunningSlack,
  type SlackAdapterOptions,
} from './running-app.js';

export type { SlackAdapterOptions } from './running-app.js';

/** The Slack adapter plus the port of the server its endpoint is mounted on. */
export type SlackAdapter = ChatAdapter &
  MemberFactsSource & {
    readonly port: number;
  };

/** How long stop() waits for in-flight commands before closing anyway. */
const DRAIN_MS = 5_000;

/** Creates the Slack adapter; nothing listens until start(). */
export function createSlackAdapter(options: SlackAdapterOptions): SlackAdapter {
  const logger = toBoltLogger(options.logger);
  const clientOptions = slackClientOptions(options.apiUrl, logger);
  // A frozen or lost store must never silence a reply: this state only helps (see best-effort.ts).
  const state = bestEffortState(options.state ?? createMemoryEphemeralState(), (error, what) =>
    options.logger?.warn({ err: error }, `slack: ${what} skipped (state store)`),
  );
  const inflight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inflight.add(work);
    void work.finally(() => inflight.delete(work));
  };
  let running: RunningSlack | undefined;
  // OAuth mode: who administers a workspace and who is in a user group, asked with the running client.
  let facts: MemberFacts | undefined;
  const runningFacts = whileStarted('slack', () => facts);
  const memberFacts: MemberFacts = {
    isAdmin: (actor) => runningFacts().isAdmin(actor),
    inGroup: (actor, groupId) => runningFacts().inGroup(actor, groupId),
  };
  // Alerts and notices go out with the bot token, through the outbox of the running app.
  const outbound = slackChannelPoster(whileStarted('slack', () => running?.outbox));

  return {
    ...outbound,
    platform: 'slack',
    // OAuth mode: the app gives each request's actor its workspace role from these.
    ...(options.oauth ? { memberFacts } : {}),
    get port() {
      return options.http.port;
    },

    async start(dispatcher: Dispatcher, lookups?: AdapterLookups): Promise<void> {
      if (running) throw new Error('Slack adapter already started');
      running = await startSlackApp(options, { dispatcher, lookups, state, logger, clientOptions, track });
      facts = running.facts;
      await running.connect();
      options.logger?.info({ mode: options.appToken ? 'socket' : 'http' }, 'slack adapter ready');
    },

    channel: (id: string) => channelOf(outbound, id),

    restore(ref: MessageRef): Responder | null {
      return running ? restoredResponder(running.outbox, ref, options.logger) : null;
    },

    async stop(): Promise<void> {
      if (!running) return;
      const stopping = running;
      running = undefined;
      await stopping.stop();
      await withDeadline(Promise.allSettled([...inflight]), DRAIN_MS, () => undefined);
    },
  };
}

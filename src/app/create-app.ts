// Composition root: builds the hosting-API client (against the embedded simulator when no
// HOSTING_API_URL is set), the bot core with every command, and the optional chart renderer and
// operation tracker. Every entry point (console, exec, serve, tests) starts from createApp.
import {
  type ResultListener,
  createApiCallRecorder,
  type ApiCallEvent,
  type BotServices,
  type CommandDefinition,
  type CoreMetrics,
  type Responder,
  type TrackedOperation,
  createCore,
  createWriteReplay,
  loadPolicy,
  type Core,
} from '../core/index.js';
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import { redactCurrentTenant } from '../tenants/tenant-secrets.js';
import { coreSetupOf, secretsOf, type AppConfig } from './config/app-config.js';
import { createLogger, type Logger } from '../logger.js';
import { startSimulator, type SimulatorHandle } from '../simulator/index.js';
import { SEED_IDS } from '../simulator/seed-ids.js';
import { openBotState, type BotState } from '../store/open.js';
import type { AlertMetrics, WatchPoller, createWatching } from '../watch/index.js';
import type { ChannelPoster } from '../core/index.js';
import { allCommands } from '../../commands/index.js';
import { memberSyntaxOf, POLICY_PLATFORMS, tenantPlaceOf } from './adapters.js';
import { multiTenant, openTenancy, type Tenancy } from './tenancy.js';
import { hostingClients, hostingTarget, type Backend } from './hosting-target.js';
import { outboundOf, outgoingFor, posterRegistry } from './routing.js';
import { defaultTracker, type TrackerFactory } from './trackers.js';
import { lazyCharts } from './services.js';
import { watchingFor } from './watching.js';

/** Optional slots; defaults give the full bot. */
export interface AppOptions {
  /** Commands to serve (default: every command in commands/index.ts). */
  commands?: CommandDefinition[];
  /** Chart renderer slot: default renders PNGs under `<dataDir>/charts`; `null` turns charts off. */
  charts?: BotServices['renderChart'] | null;
  /** Operation tracker slot (follows stop/delete/restore to their end): default `defaultTracker`; `null` turns it off (exec). */
  tracker?: TrackerFactory | null;
  /** Embedded-simulator settings (tests use short timings). */
  simulator?: Parameters<typeof startSimulator>[0];
  /** The one app logger (core, tracker, failed API calls); stderr at config.logLevel when absent. */
  logger?: Logger;
  /** Mark every outgoing message as simulated when the backend is the embedded simulator (serve). */
  markSimulator?: boolean;
  /** What this process is (console, exec, serve): named to a second process refused the data dir. */
  mode?: string;
  /** State to run on instead of the configured store (tests). */
  state?: BotState;
  /** Counters for /metrics (serve). */
  metrics?: CoreMetrics;
  /** vpsops_alerts_total / vpsops_watches for /metrics (serve). */
  alertMetrics?: AlertMetrics;
  /** Watch poll interval in ms, overriding config.watch (tests). */
  watchIntervalMs?: number;
  /** Pacing of alerts and their edits per channel, overriding the default (tests). */
  watchPacing?: Parameters<typeof createWatching>[0]['pacing'];
  /** Sees every hosting-API attempt (endpoint, status, duration), e.g. for the /metrics histogram. */
  onApiCall?: (event: ApiCallEvent) => void;
  /** Hears each command's structured result (exec --json). */
  onResult?: ResultListener;
  now?: () => Date;
}

/**
 * The assembled application: the running core (dispatcher, lookups, store, audit, policy and its
 * background duties) plus what the process around it needs — one flat object, no nested bot.
 */
export interface App extends Core {
  api: HostingApi;
  backend: Backend;
  /** Present when the embedded simulator is running in-process. */
  simulator?: SimulatorHandle;
  /** OAuth mode: the installed tenants and their keys. */
  tenancy?: Tenancy;
  /** Re-follows operations a previous run left unfinished, for refs an adapter can still edit. */
  resumeTracking(responderFor: (op: TrackedOperation) => Responder | null): Promise<number>;
  /** This process's lease owner id. */
  owner: string;
  /** The adapters' posters, once they are up: approvers' DMs go through them from then on; the connected (outgoing) ones. */
  connectPosters(posters: ChannelPoster[]): ChannelPoster[];
  /** Starts the watch poller, posting alerts through these posters; stopped by close(). */
  startWatching(posters: ChannelPoster[]): Promise<WatchPoller>;
}

/** Builds everything from config; throws ConfigError for unusable settings (bad policy, URL without key). */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<App> {
  const target = await hostingTarget(config, options);
  const cleanup: (() => Promise<void> | void)[] = [];
  if (target.simulator) cleanup.push(() => target.simulator?.close());
  try {
    // One logger for the whole app (console/exec pass the file logger): core, tracker and API calls.
    const logger =
      options.logger ??
      createLogger({ level: config.logLevel, secrets: secretsOf(config), redactMore: redactCurrentTenant });
    const owner = randomUUID();
    const now = options.now;
    const commands = options.commands ?? allCommands;
    // Read first: tenancy, the watches and the core all ask the one policy in force.
    const policy = loadPolicy(config, commands, {
      logger,
      platforms: POLICY_PLATFORMS,
      ...(now ? { now: () => now().getTime() } : {}),
    });
    const state =
      options.state ??
      (await openBotState(config, {
        secrets: secretsOf(config),
        // Corrupt journals, unsafe Redis persistence, data loss and refused writes are logged.
        logger,
        ...(options.mode ? { mode: options.mode } : {}),
        ...(now ? { now: () => now().getTime() } : {}),
      }));
    cleanup.push(() => state.close());
    const apiCalls = createApiCallRecorder();
    const clientFor = hostingClients(config, target.baseUrl, logger, (event) => {
      apiCalls.onCall(event);
      options.onApiCall?.(event);
    });
    const { tenancy, api, store, audit, tenants } = tenantScope(config, state, policy, logger, {
      clientFor,
      apiKey: target.apiKey,
    });
    // Replies, card edits, alerts and tracker edits all leave through this one path.
    const outbound = outboundOf(config, tenancy, Boolean(target.simulator) && options.markSimulator === true);
    const trackerFactory = options.tracker === undefined ? defaultTracker : options.tracker;
    // Outcomes, busy locks and operation ends the store refused while down, replayed once it is back.
    const replay = createWriteReplay({ logger });
    cleanup.push(() => replay.stop());
    const tracker = trackerFactory?.({ api, store, config, owner, logger, replay, ...tenants });
    if (tracker) cleanup.push(() => tracker.stop?.());
    // The adapters' posters, connected once the adapters are up: approvers' DMs and alerts leave through them.
    const posters = posterRegistry(outbound);
    // One renderer for `instance metrics` and the charts under cpu / memory alerts.
    const charts = options.charts === null ? undefined : (options.charts ?? lazyCharts(config.dataDir));
    const watching = watchingFor(config, options, {
      policy,
      api,
      store,
      audit,
      owner,
      logger,
      ...tenants,
      ...(charts ? { charts } : {}),
    });
    cleanup.push(() => watching.stop());
    const core = await createCore(coreSetupOf(config), {
      policy,
      memberSyntax: memberSyntaxOf,
      tenantPlace: tenantPlaceOf,
      watches: watching.service,
      replay,
      api,
      store,
      audit,
      owner,
      outbound,
      ...tenants,
      ...(options.metrics ? { metrics: options.metrics } : {}),
      commands,
      apiCalls,
      charts,
      ...(tracker ? { tracker } : {}),
      ...(options.onResult ? { onResult: options.onResult } : {}),
      ...(options.now ? { now: options.now } : {}),
      directMessage: posters.directMessage,
      logger,
    });
    cleanup.push(() => core.close());
    // A fresh data dir knows no hostnames yet: learn the seeded estate so `web-1` resolves at once.
    if (target.simulator) await core.learnInstances(Object.values(SEED_IDS.instances));
    let closing: Promise<void> | undefined;
    return {
      ...core,
      api,
      backend: target.backend,
      simulator: target.simulator,
      ...(tenancy ? { tenancy } : {}),
      resumeTracking: async (responderFor) =>
        tracker?.resume ? tracker.resume(outgoingFor(outbound, responderFor)) : 0,
      owner,
      connectPosters: posters.connect,
      startWatching: (list) => watching.start(posters.connect(list)),
      close: () => (closing ??= runCleanup(cleanup)),
    };
  } catch (error) {
    await runCleanup(cleanup);
    throw error;
  }
}

/**
 * The API, store and audit the app works with: the process's own, or in OAuth mode (`/vps connect`)
 * each workspace's requests with the key it linked and every piece of state as the current tenant sees it.
 */
function tenantScope(
  config: AppConfig,
  state: BotState,
  policy: ReturnType<typeof loadPolicy>,
  logger: Logger,
  hosting: { clientFor: (apiKey: string) => HostingApi; apiKey: string },
) {
  const tenancy = multiTenant(config)
    ? openTenancy(config, state.store, hosting.clientFor, {
        fileInForce: () => Boolean(policy.source),
        logger,
        audit: state.audit,
      })
    : undefined;
  return {
    tenancy,
    api: tenancy?.api ?? hosting.clientFor(hosting.apiKey),
    store: tenancy?.store ?? state.store,
    audit: tenancy ? tenancy.scopedAudit(state.audit) : state.audit,
    tenants: tenancy ? { tenants: tenancy.scope } : {},
  };
}

/** Runs cleanups newest first; one failing does not stop the rest. */
async function runCleanup(cleanup: (() => Promise<void> | void)[]): Promise<void> {
  for (const step of [...cleanup].reverse()) {
    try {
      await step();
    } catch {
      // Shutting down: keep closing the rest.
    }
  }
}

// Observability of `vpsops serve`: the metrics, the shared HTTP server on PORT (plus the admin
// server on VPSOPS_ADMIN_PORT when set) and the readiness check, assembled before the app exists
// (adapters mount on the server, createApp takes the metrics) and attached to the app once built.
import type { App, AppOptions } from '../app/create-app.js';
import type { Logger } from '../logger.js';
import { createBotMetrics, type BotMetrics } from '../observability/metrics.js';
import {
  createServeHttpServer,
  type PlatformEndpoint,
  type ServeHttpOptions,
  type ServeHttpServer,
} from './http-server.js';
import { apiProbe, createApiHealth, type ApiHealth } from './api-health.js';
import { createReadiness, describeFailure, storeFaultLines, type Readiness } from './readiness.js';

/** What runServe holds: metrics for createApp, the server for adapters, and the lifecycle steps. */
export interface ServeObservability {
  metrics: BotMetrics;
  /** The server on PORT, where adapters mount their routes. */
  http: ServeHttpServer;
  /** Starts the server on PORT, and the admin server when there is one; resolves with the bound ports. */
  listen(): Promise<{ port: number; adminPort?: number }>;
  close(): Promise<void>;
  /** createApp options that feed the metrics (commands, confirmations, API durations). */
  appOptions: Pick<AppOptions, 'metrics' | 'onApiCall'>;
  /** Points the gauges, /readyz (the store) and the API health (gauge, /healthz?verbose) at the built app. */
  attach(app: App): void;
  /** Until called, /readyz answers 503 "starting" (the chat adapters are not connected yet). */
  started(): void;
}

/** Settings of createServeObservability. */
export interface ServeObservabilityOptions {
  port: number;
  /** VPSOPS_ADMIN_PORT: /healthz, /readyz and /metrics there, and only /healthz on `port`. */
  adminPort?: number;
  /** Many-tenant mode: /metrics (its per-tenant series) only on the admin port, never on `port`. */
  metricsAdminOnly?: boolean;
  commands: readonly string[];
  /** The platform label's values (the catalogue's platforms and the console). */
  platforms?: readonly string[];
  logger: Logger;
}

/** What `port` answers: liveness stays there (a load balancer or Docker HEALTHCHECK may only see that port). */
function publicEndpointsOf(
  options: ServeObservabilityOptions,
  hasAdmin: boolean,
): PlatformEndpoint[] | undefined {
  if (hasAdmin) return ['/healthz'];
  return options.metricsAdminOnly ? ['/healthz', '/readyz'] : undefined;
}

/**
 * The app's readiness check. At start, whoever probes (Docker and compose probe only /healthz): a
 * wrong key is logged at error (by the check, once) and a rotation re-wraps now; /readyz waits for
 * this first run.
 */
function appReadiness(app: App, logger: Logger): () => Promise<Readiness> {
  const keyProblem = app.tenancy?.keyProblem;
  const atStart = keyProblem?.().catch((error: unknown) =>
    logger.warn({ reason: describeFailure(error) }, 'encryption key check failed at start'),
  );
  return createReadiness({
    pingStore: () => app.store.ping(),
    ...(keyProblem ? { keyProblem: () => (atStart ?? Promise.resolve()).then(keyProblem) } : {}),
  });
}

/** Builds metrics and the server on `port`; nothing listens until http.listen(). */
export function createServeObservability(options: ServeObservabilityOptions): ServeObservability {
  const metrics = createBotMetrics({
    commands: options.commands,
    ...(options.platforms ? { platforms: options.platforms } : {}),
  });
  let check: (() => Promise<Readiness>) | undefined;
  let apiHealth: (() => Promise<ApiHealth>) | undefined;
  let storeOf: App['store'] | undefined;
  let running = false;
  const shared: Omit<ServeHttpOptions, 'port'> = {
    metrics,
    logger: options.logger,
    details: async () => {
      if (!apiHealth) return ['hosting API: not probed yet (starting)'];
      const health = await apiHealth();
      return [health.up ? 'hosting API: up' : `hosting API: down (${health.reason})`];
    },
    readyDetails: () => Promise.resolve(storeFaultLines(storeOf?.faults?.())),
    ready: async () => {
      if (!check) return { ready: false, reason: 'starting: the bot is not assembled yet' };
      const readiness = await check();
      if (readiness.ready && !running)
        return { ready: false, reason: 'starting: chat adapters not connected yet' };
      return readiness;
    },
  };
  const admin =
    options.adminPort === undefined
      ? undefined
      : createServeHttpServer({ ...shared, port: options.adminPort, portVariable: 'VPSOPS_ADMIN_PORT' });
  const publicEndpoints = publicEndpointsOf(options, admin !== undefined);
  const http = createServeHttpServer({
    ...shared,
    port: options.port,
    ...(publicEndpoints ? { endpoints: publicEndpoints } : {}),
  });
  return {
    metrics,
    http,
    async listen() {
      const port = await http.listen();
      if (!admin) return { port };
      return { port, adminPort: await admin.listen() };
    },
    async close() {
      await Promise.all([http.close(), admin?.close()]);
    },
    appOptions: { metrics, onApiCall: (event) => metrics.apiCall(event) },
    attach(app) {
      metrics.observeStore(app.store);
      storeOf = app.store;
      check = appReadiness(app, options.logger);
      const health = createApiHealth({ probeApi: app.tenancy?.probe ?? apiProbe(app.api) });
      apiHealth = health;
      metrics.observeHostingApi(async () => (await health()).up);
    },
    started() {
      running = true;
    },
  };
}

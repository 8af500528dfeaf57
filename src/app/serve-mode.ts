// `vpsops serve`: every configured chat adapter behind the one HTTP server (/healthz, /readyz,
// /metrics and the adapters' routes) until SIGINT/SIGTERM, through the one lifecycle (lifecycle.ts).
import { redactCurrentTenant } from '../tenants/tenant-secrets.js';
import { allCommands } from '../../commands/index.js';
import { ConfigError, commandPath } from '../core/index.js';
import { secretsOf, type AppConfig } from './config/app-config.js';
import { createLogger, type Logger } from '../logger.js';
import { createAlertMetrics } from '../observability/alert-metrics.js';
import { admittedDispatcher, COMMAND_ADMISSION, createAdmission } from '../serve/admission.js';
import { createServeObservability } from '../serve/observability.js';
import { ADAPTERS, anyAdapterEnabled, createChatAdapters, PLATFORM_IDS } from './adapters.js';
import { createApp, type App } from './create-app.js';
import { requireWritableDataDir } from './data-dir.js';
import { multiTenant } from './tenancy.js';
import { EXIT } from '../adapter-kit/exit-codes.js';
import { nextSignal, runLifecycle } from './lifecycle.js';

/** `vpsops serve`: every configured chat adapter until SIGINT/SIGTERM. */
export async function runServe(config: AppConfig): Promise<number> {
  const logger = createLogger({
    level: config.logLevel,
    secrets: secretsOf(config),
    redactMore: redactCurrentTenant,
  });
  // One HTTP server on PORT for every serve mode: /healthz, /readyz, /metrics and adapter routes;
  // with VPSOPS_ADMIN_PORT the platform endpoints move to a second server there.
  const obs = createServeObservability({
    port: config.port,
    adminPort: config.adminPort,
    // Per-tenant series are for the operator only: never on the public port.
    metricsAdminOnly: multiTenant(config),
    commands: allCommands.map(commandPath),
    platforms: PLATFORM_IDS,
    logger,
  });
  requireSomethingToServe(config);
  requireChosenBackend(config);
  requireWritableDataDir(config.dataDir);
  const app = await createApp(config, {
    logger,
    mode: 'serve',
    // Against the simulator every message says so, edits, alerts and resumed cards included.
    markSimulator: true,
    ...obs.appOptions,
    alertMetrics: createAlertMetrics(obs.metrics.registry, PLATFORM_IDS),
  });
  obs.attach(app);
  // Commands' work is admitted a few at a time after their acks, and only once the server has
  // answered every request it holds (src/serve/admission.ts).
  const dispatcher = admittedDispatcher(
    app.dispatcher,
    createAdmission({ ...COMMAND_ADMISSION, answersOwed: obs.http.answersOwed }),
  );
  if (app.backend.kind === 'simulator')
    logger.warn('serving the embedded SIMULATOR (HOSTING_API_URL=simulator): no real servers');
  // Adapter handles live in the store, so a click or an edit works on whichever replica gets it.
  const { ephemeral, leases } = app.store;
  const adapters = async () => {
    const created = await createChatAdapters(config, {
      logger,
      http: obs.http,
      state: ephemeral,
      leases,
      sharedStore: Boolean(config.redis.url),
      leaseTtlMs: config.leaseTtlMs,
      ...(app.tenancy ? { tenancy: app.tenancy } : {}),
    });
    logListening(logger, await obs.listen(), multiTenant(config));
    return created;
  };
  return runLifecycle({
    app,
    dispatcher,
    adapters,
    logger,
    recover: true,
    shared: { leaseTtlMs: config.leaseTtlMs },
    onStarted: () => obs.started(),
    until: () => serveUntilSignal(app, config.dataDir, logger),
    closers: [() => obs.close()],
  });
}

/** Chat users must not meet the simulator by accident: serve needs HOSTING_API_URL set, to a URL or to `simulator`. */
function requireChosenBackend(config: AppConfig): void {
  if (config.hostingApi.url || config.hostingApi.simulatorRequested) return;
  throw new ConfigError(
    'serve needs HOSTING_API_URL: set it to the hosting API base URL (e.g. HOSTING_API_URL=https://api.example.com/v1 with HOSTING_API_KEY=…), ' +
      'or to HOSTING_API_URL=simulator to try Slack/Discord against the embedded simulator (made-up servers, every message marked). ' +
      'Put it in the environment or in ./.env.',
  );
}

/** Serve without a chat adapter would answer nobody. */
function requireSomethingToServe(config: AppConfig): void {
  if (anyAdapterEnabled(config)) return;
  throw new ConfigError(
    `nothing to serve: set ${ADAPTERS.map((adapter) => adapter.enableWith).join(', and/or ')} (or run \`vpsops console\`).`,
  );
}

/** Says where the HTTP server listens and which paths each port answers. */
function logListening(
  logger: Logger,
  { port, adminPort }: { port: number; adminPort?: number | undefined },
  perTenantMetrics: boolean,
): void {
  if (adminPort === undefined && perTenantMetrics)
    logger.info({ port }, 'http server listening (/healthz, /readyz; /metrics only with VPSOPS_ADMIN_PORT)');
  else if (adminPort === undefined)
    logger.info({ port }, 'http server listening (/healthz, /readyz, /metrics)');
  else
    logger.info(
      { port, adminPort },
      'http server listening (/healthz; /healthz, /readyz, /metrics on adminPort)',
    );
}

/** Serving: says what it serves, then waits for SIGINT/SIGTERM. */
async function serveUntilSignal(app: App, dataDir: string, logger: Logger): Promise<number> {
  const backend =
    app.backend.kind === 'simulator' ? `embedded simulator ${app.backend.url}` : app.backend.host;
  logger.info({ backend, policy: app.policy.source ?? 'defaults', dataDir }, 'vpsops serving');
  const signal = await nextSignal();
  logger.info({ signal }, 'shutting down');
  return EXIT.ok;
}

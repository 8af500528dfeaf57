// The one start/stop of a running app, for console, exec and serve alike: start the adapters in
// order, pick up what a previous run left (interrupted calls, followed operations), start the
// watches, wait for the mode's end, then stop adapters (last started first), the mode's own
// resources and the app — in that order, even when starting failed half-way.
import type { ChatAdapter, Dispatcher } from '../core/index.js';
import type { Logger } from '../logger.js';
import type { App } from './create-app.js';
import { refRouter, responderRouter } from './routing.js';
import { withTenantRolesFor } from './tenancy.js';
import type { MemberFactsSource } from '../adapter-kit/tenant-ports.js';

/** What one run of the app does between createApp and app.close(). */
export interface LifecycleSpec<T> {
  app: App;
  /** The dispatcher adapters hand invocations to (default: the app's). */
  dispatcher?: Dispatcher;
  /** Builds the adapters to start, in order (inside the lifecycle, so a failure still closes the app); none for exec. */
  adapters?: () => Promise<readonly ChatAdapter[]>;
  /** Where start, recovery and stop failures are logged. */
  logger?: Logger;
  /**
   * Pick up after a previous run once the adapters are up: close interrupted calls as unknown,
   * resume followed operations, start the watches (console and serve; exec leaves that to them).
   */
  recover?: boolean;
  /**
   * Several replicas may share the store (serve): keep closing interrupted calls of replicas that die
   * while this one runs, and sweep expired cards under a lease renewed every third of `leaseTtlMs`.
   */
  shared?: { leaseTtlMs: number };
  /** Called once everything is started, before the watches (serve turns readiness on here). */
  onStarted?: () => void;
  /** The mode's own work; its result is the lifecycle's. */
  until: () => Promise<T>;
  /** Closed after the adapters and before the app (serve's HTTP server). */
  closers?: ReadonlyArray<() => Promise<void>>;
}

/** Runs the app through one lifecycle and closes everything it started. */
export async function runLifecycle<T>(spec: LifecycleSpec<T>): Promise<T> {
  const { app, logger } = spec;
  const started: ChatAdapter[] = [];
  try {
    for (const adapter of (await spec.adapters?.()) ?? []) {
      await startAdapter(app, adapter, spec.dispatcher);
      started.push(adapter);
      logger?.info({ platform: adapter.platform }, `${adapter.platform} adapter started`);
    }
    // Approvers' direct messages go through the adapters' posters as soon as the adapters are up.
    app.connectPosters(started);
    if (spec.recover) await recover(spec, started);
    else spec.onStarted?.();
    return await spec.until();
  } finally {
    for (const adapter of started.reverse()) {
      await adapter
        .stop()
        .catch((error: unknown) => logger?.warn({ err: error }, `${adapter.platform} stop failed`));
    }
    for (const close of spec.closers ?? []) await close();
    await app.close();
  }
}

/** Starts `adapter` on the app's dispatcher (or `dispatcher`), tenant roles applied (src/app/tenancy.ts). */
export async function startAdapter(
  app: Pick<App, 'dispatcher' | 'lookups' | 'tenancy'>,
  adapter: ChatAdapter & MemberFactsSource,
  dispatcher: Dispatcher = app.dispatcher,
): Promise<void> {
  const given = withTenantRolesFor(adapter, app.tenancy?.roles, dispatcher, app.lookups);
  await adapter.start(given.dispatcher, given.lookups);
}

/** Recovery after start: interrupted calls, followed operations, shared sweeps, then the watches. */
async function recover<T>(spec: LifecycleSpec<T>, started: readonly ChatAdapter[]): Promise<void> {
  const { app, logger } = spec;
  // Confirmed calls a killed process never saw answered: audited as unknown, cards say so.
  const byRef = refRouter(started);
  // (closeInterrupted logs how each was closed: as unknown, from a kept outcome, or left to the tracker.)
  await app.closeInterrupted(byRef);
  // …and from now on those of replicas that die while this one runs, without waiting for a restart.
  if (spec.shared) app.startClosingInterrupted(byRef, spec.shared.leaseTtlMs);
  // Operations a previous run was following are picked up again, edited with the bot token.
  const resumed = await app.resumeTracking(responderRouter(started)).catch((error: unknown) => {
    logger?.warn({ err: error }, 'resuming tracked operations failed');
    return 0;
  });
  if (resumed > 0) logger?.info({ resumed }, 'resumed tracked operations');
  // Cards left unanswered by any replica (or a previous run) are expired by whoever holds the lease.
  if (spec.shared) app.startExpirySweeper(byRef, Math.round(spec.shared.leaseTtlMs / 3));
  spec.onStarted?.();
  // Watches are polled by whichever replica holds each one's lease; alerts go out through the adapters.
  // (Every started adapter is its platform's ChannelPoster.)
  await app.startWatching([...started]);
}

/** Resolves with the first SIGINT/SIGTERM, so long-running modes can shut down cleanly. */
export function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const handler = (signal: NodeJS.Signals) => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      resolve(signal);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}

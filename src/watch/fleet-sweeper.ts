// The fleet watches' sweep, repeated: every interval one replica (under a lease) reads each tenant's
// instance list and brings every fleet watch in step with it (sweepFleet, fleet-watches.ts), so new
// servers are picked up and deleted ones dropped.
import { lease } from '../core/index.js';
import { estateServers, SINGLE_TENANT } from '../core/kit/index.js';
import { sweepFleet, type FleetDeps } from './fleet-watches.js';
import { WATCH_COLLECTIONS, type FleetRecord } from './types.js';

/** The lease one replica sweeps fleet watches under. */
export const FLEET_SWEEP_LEASE = 'watch:fleet-sweep';

/** Settings of startFleetSweeper; times in ms. */
export interface FleetSweeperOptions {
  /** Lease owner id of this process. */
  owner: string;
  /** Time between sweeps (the instance list's TTL, default 60 s). */
  intervalMs: number;
  warn(message: string, detail: Record<string, unknown>): void;
}

/** The running sweeper. */
export interface FleetSweeper {
  /** One pass now (if this replica holds or takes the lease); the timer calls it too. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sweeps every fleet watch each interval from one replica (a lease taken at every pass, lasting
 * three intervals). A list that cannot be read changes nothing: servers are only dropped when the
 * list was read and no longer shows them.
 */
export function startFleetSweeper(deps: FleetDeps, options: FleetSweeperOptions): FleetSweeper {
  const fleets = deps.store.collection<FleetRecord>(WATCH_COLLECTIONS.fleets);
  const held = lease(deps.store.leases, FLEET_SWEEP_LEASE, options.owner, options.intervalMs * 3);
  let running: Promise<void> | undefined;
  const pass = async (): Promise<void> => {
    const all = await fleets.list();
    if (all.length === 0 || !(await held.take())) return;
    // One instance list per tenant, read with that tenant's key.
    for (const tenant of new Set(all.map((fleet) => fleet.tenant)))
      await (deps.tenants ?? SINGLE_TENANT).run(tenant, () =>
        sweepTenant(all.filter((fleet) => fleet.tenant === tenant)),
      );
  };
  const sweepTenant = async (mine: FleetRecord[]): Promise<void> => {
    const servers = await estateServers(
      { api: deps.api, store: deps.store, ...(deps.ttlMs !== undefined ? { ttlMs: deps.ttlMs } : {}) },
      'fresh',
    );
    if (servers === null) {
      options.warn('watch: the instance list is not offered any more; fleet watches left as they are', {});
      return;
    }
    // A fleet watch ended meanwhile (unwatch on another replica) is not brought back.
    for (const fleet of mine) if (await fleets.get(fleet.id)) await sweepFleet(deps, fleet, servers);
  };
  const sweep = (): Promise<void> => {
    running ??= pass()
      .catch((error: unknown) => options.warn('watch: sweeping fleet watches failed', { err: error }))
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
      await held.release().catch(() => undefined);
    },
  };
}

// Leases for a single process: a map of name → holder and expiry. Enough where only one process
// can open the store (memory, embedded); the Redis store has its own across processes.
import type { LeaseStore } from '../core/store.js';

/** Creates process-local leases on the given clock. */
export function createMemoryLeases(now: () => number): LeaseStore {
  const leases = new Map<string, { owner: string; until: number }>();
  const current = (name: string) => {
    const lease = leases.get(name);
    if (lease && lease.until <= now()) {
      leases.delete(name);
      return undefined;
    }
    return lease;
  };
  return {
    async acquire(name, owner, ttlMs) {
      const lease = current(name);
      if (lease && lease.owner !== owner) return false;
      leases.set(name, { owner, until: now() + ttlMs });
      return true;
    },
    async renew(name, owner, ttlMs) {
      const lease = current(name);
      if (!lease || lease.owner !== owner) return false;
      lease.until = now() + ttlMs;
      return true;
    },
    async release(name, owner) {
      if (current(name)?.owner === owner) leases.delete(name);
    },
    async holder(name) {
      return current(name)?.owner ?? null;
    },
  };
}

// Leases for a single process: an expiring map of name → holder. Enough where only one process
// can open the store (memory, embedded); the Redis store has its own across processes.
import { ExpiringMap } from '../../adapter-kit/expiring-map.js';
import type { LeaseStore } from '../../core/index.js';

/** Creates process-local leases on the given clock. */
export function createMemoryLeases(now: () => number): LeaseStore {
  const holders = new ExpiringMap<string>(now);
  return {
    async acquire(name, owner, ttlMs) {
      const holder = holders.get(name);
      if (holder !== undefined && holder !== owner) return false;
      holders.set(name, owner, ttlMs);
      return true;
    },
    async renew(name, owner, ttlMs) {
      if (holders.get(name) !== owner) return false;
      holders.set(name, owner, ttlMs);
      return true;
    },
    async release(name, owner) {
      if (holders.get(name) === owner) holders.delete(name);
    },
    async holder(name) {
      return holders.get(name) ?? null;
    },
  };
}

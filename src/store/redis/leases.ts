// Leases across replicas: one key per lease holding the owner, with a PX expiry; acquire, renew
// and release are compare-and-set scripts so only the holder can extend or drop a lease.
import type { LeaseStore } from '../../core/index.js';
import type { RedisContext } from './context.js';

const ttl = (ms: number): number => Math.max(1, Math.ceil(ms));

/** Creates the LeaseStore over `ctx`'s connection. */
export function createRedisLeases(ctx: RedisContext): LeaseStore {
  const keyOf = (name: string) => ctx.key(`l:${name}`);
  return {
    async acquire(name, owner, ttlMs) {
      return (await ctx.script('vpsopsLeaseAcquire', [keyOf(name)], [owner, ttl(ttlMs)])) === 1;
    },
    async renew(name, owner, ttlMs) {
      return (await ctx.script('vpsopsLeaseRenew', [keyOf(name)], [owner, ttl(ttlMs)])) === 1;
    },
    async release(name, owner) {
      await ctx.script('vpsopsLeaseRelease', [keyOf(name)], [owner]);
    },
    async holder(name) {
      return ctx.client.get(keyOf(name));
    },
  };
}

// Short-lived adapter state in Redis: plain keys with a PX expiry, so any replica can answer a
// click with the response_url or typed text another replica stored.
import type { EphemeralState } from '../../core/index.js';
import type { RedisContext } from './context.js';

const ttl = (ms: number): number => Math.max(1, Math.ceil(ms));

/** Creates the EphemeralState over `ctx`'s connection. */
export function createRedisEphemeral(ctx: RedisContext): EphemeralState {
  const keyOf = (name: string) => ctx.key(`e:${name}`);
  return {
    get: (name) => ctx.client.get(keyOf(name)),
    async set(name, value, ttlMs) {
      await ctx.client.set(keyOf(name), value, 'PX', ttl(ttlMs));
    },
    async delete(name) {
      await ctx.client.del(keyOf(name));
    },
    async increment(name, ttlMs) {
      return Number(await ctx.script('vpsopsIncrement', [keyOf(name)], [ttl(ttlMs)]));
    },
  };
}

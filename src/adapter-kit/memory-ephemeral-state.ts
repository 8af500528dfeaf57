// Short-lived state that an adapter needs to answer a click on whichever replica it reaches:
// Slack response_url handles and their use counts, the typed-confirmation texts of open cards,
// Discord interaction tokens. The shared store provides it (Redis keys with a TTL); the port is
// src/core/ephemeral-state.ts; this module holds the single-process implementation.
import { ExpiringMap } from './expiring-map.js';
import type { EphemeralState } from '../core/index.js';

/** In-process EphemeralState with a size cap (oldest entries evicted first) so memory stays bounded. */
export function createMemoryEphemeralState(
  options: { maxEntries?: number; now?: () => number } = {},
): EphemeralState & { readonly size: number } {
  const entries = new ExpiringMap<string>(options.now ?? Date.now, options.maxEntries ?? 50_000);
  return {
    get size() {
      return entries.size;
    },
    async get(key) {
      return entries.get(key) ?? null;
    },
    async set(key, value, ttlMs) {
      entries.set(key, value, ttlMs);
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlMs) {
      const count = (Number(entries.get(key) ?? 0) || 0) + 1;
      const expiresAt = entries.expiresAt(key);
      if (expiresAt === undefined) entries.set(key, String(count), ttlMs);
      else entries.setUntil(key, String(count), expiresAt);
      return count;
    },
  };
}

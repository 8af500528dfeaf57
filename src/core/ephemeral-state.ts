// Short-lived state that an adapter needs to answer a click on whichever replica it reaches:
// Slack response_url handles and their use counts, the typed-confirmation texts of open cards,
// Discord interaction tokens. The shared store provides it (Redis keys with a TTL); this module
// holds the port and the single-process implementation.

/** Keyed strings with a time-to-live; every entry expires by itself. */
export interface EphemeralState {
  get(key: string): Promise<string | null>;
  /** Stores `value` for `ttlMs` (replacing any value and expiry). */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one and returns the new count; a new key expires `ttlMs` after this first increment. */
  increment(key: string, ttlMs: number): Promise<number>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process EphemeralState with a size cap (oldest entries evicted first) so memory stays bounded. */
export function createMemoryEphemeralState(
  options: { maxEntries?: number; now?: () => number } = {},
): EphemeralState & { readonly size: number } {
  const maxEntries = options.maxEntries ?? 50_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let lastSweep = 0;
  const sweep = (at: number): void => {
    if (at - lastSweep < 1000) return;
    lastSweep = at;
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, entry: Entry): void => {
    sweep(now());
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };
  return {
    get size() {
      return entries.size;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, { value, expiresAt: now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlMs) {
      const current = live(key);
      const count = (current ? Number(current.value) || 0 : 0) + 1;
      put(key, { value: String(count), expiresAt: current?.expiresAt ?? now() + ttlMs });
      return count;
    },
  };
}

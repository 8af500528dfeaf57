// The one in-process map whose entries expire by themselves, on an injected clock: single-process
// ephemeral state and leases are built on it (the Redis store uses key TTLs instead).

/** A Map whose entries each carry an expiry; an expired entry reads as absent and is dropped. */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private lastSweep = 0;

  /** `maxEntries`: past it, the oldest-written entries are evicted first, so memory stays bounded. */
  constructor(
    private readonly now: () => number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  /** Entries held, expired ones not yet swept included. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.live(key)?.value;
  }

  /** When the live entry at `key` expires (epoch ms), or undefined. */
  expiresAt(key: string): number | undefined {
    return this.live(key)?.expiresAt;
  }

  /** Stores `value` until `expiresAt` (epoch ms), replacing any value and expiry. */
  setUntil(key: string, value: V, expiresAt: number): void {
    this.sweep();
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Stores `value` for `ttlMs` from now. */
  set(key: string, value: V, ttlMs: number): void {
    this.setUntil(key, value, this.now() + ttlMs);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private live(key: string): { value: V; expiresAt: number } | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired entries at most once a second, so writes stay cheap. */
  private sweep(): void {
    const at = this.now();
    if (at - this.lastSweep < 1000) return;
    this.lastSweep = at;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= at) this.entries.delete(key);
  }
}

// A small in-memory map whose entries vanish after a time-to-live, for adapter-local state that
// is only useful briefly (response_url handles, typed-confirmation specs of open cards).

/** Map with per-entry expiry and a size cap (oldest entries are evicted first). */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    this.sweep();
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Live entries (expired ones are not counted). */
  get size(): number {
    const now = this.now();
    let count = 0;
    for (const entry of this.entries.values()) if (entry.expiresAt > now) count += 1;
    return count;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

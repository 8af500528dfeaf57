// Short-lived keyed state an adapter needs on whichever replica a click reaches (the store
// provides it; src/adapter-kit/memory-ephemeral-state.ts is the single-process implementation).

/** Keyed strings with a time-to-live; every entry expires by itself. */
export interface EphemeralState {
  get(key: string): Promise<string | null>;
  /** Stores `value` for `ttlMs` (replacing any value and expiry). */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one and returns the new count; a new key expires `ttlMs` after this first increment. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Whose keys these are now ('' or absent: one namespace); the tenant-scoped view sets it, so in-process work keyed by the state (a shared refresh) splits as its keys do. */
  namespace?(): string;
}

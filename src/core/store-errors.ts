// The one failure every store method may raise when the shared store cannot be reached, so the
// core can answer "the bot's state store is unreachable" without knowing which store is behind
// the port (and without importing a Redis client).

/** Why the store was unavailable: not connected, no answer in time, or the connection dropped. */
export type StoreUnavailableCode =
  | 'STORE_UNAVAILABLE'
  | 'STORE_TIMEOUT'
  | 'STORE_CONNECTION_LOST'
  | 'STORE_REFUSED'
  /** The store answers but refuses writes (Redis OOM / READONLY, the journal's disk full): nothing was written. */
  | 'STORE_WRITE_REFUSED'
  /** The store cannot keep a confirmation durably (Redis without AOF / noeviction, or data loss seen). */
  | 'STORE_UNSAFE';

/** The state store could not be reached (or did not answer in time); the call did not complete. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(
    /** Why, fit for logs and chat: never carries a password or a full URL. */
    readonly reason: string,
    /**
     * True when the command may have reached the store before the connection failed (sent but
     * unanswered, or timed out): the change may have been made. False when it was not sent at all.
     */
    readonly mayHaveApplied: boolean,
    /** Short machine-readable cause (readiness probes show only codes, never messages). */
    readonly code: StoreUnavailableCode = 'STORE_UNAVAILABLE',
  ) {
    super(
      code === 'STORE_WRITE_REFUSED' || code === 'STORE_UNSAFE'
        ? `the bot's state store can't write: ${reason}`
        : `the bot's state store is unreachable: ${reason}`,
    );
  }
}

/** Narrows an unknown catch value to a store outage. */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError;
}

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

/**
 * Runs store work that changes nothing anyone can see yet (a lookup, a preview's pending record
 * before its card is shown, a confirmation's read before the API call): an outage there is
 * reported as "nothing was changed", even when the store timed out mid-command.
 */
export async function beforeAnyChange<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isStoreUnavailable(error) || !error.mayHaveApplied) throw error;
    throw new StoreUnavailableError(error.reason, false, error.code);
  }
}

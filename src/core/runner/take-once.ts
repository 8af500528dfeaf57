// Taking a confirmation token exactly once, keyed by the click's id, even when the store's answer
// is lost: the store is re-read until it says who took it.
import type { ActionEvent } from '../ports.js';
import type { Runtime } from '../context.js';
import { isStoreUnavailable, StoreUnavailableError } from '../store-errors.js';
import type { PendingConfirmation, PendingResolution } from '../store.js';

/** How long a click whose take went unanswered keeps re-reading the token before answering "not done". */
const TAKE_RECHECK_MS = 8_000;

/**
 * take(), keyed by the click's id. When the reply is lost (the store may have applied it), the
 * token is re-read until the store answers: taken by this click → carry on; still pending → take
 * again; otherwise the click did not win. An answer of "already used" is checked the same way. The API has not been called yet, so a store that stays
 * silent means "not done", never "unknown".
 */
export async function takeOnce(
  rt: Runtime,
  pending: PendingConfirmation,
  event: ActionEvent,
  usedBy: string,
  at: number,
  resolution: PendingResolution,
): Promise<PendingConfirmation | null> {
  const deadline = Date.now() + TAKE_RECHECK_MS;
  let lastError: StoreUnavailableError | undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (lastError) {
        const now = await rt.store.pending.get(pending.token);
        if (now?.status === 'used') return now.takeId === event.id ? pending : null;
        if (!now) return null;
      }
      const taken = await rt.store.pending.take(pending.token, usedBy, at, resolution, event.id);
      if (taken) return taken;
      // "Already used" may be this very click's take, applied once and answered to a resent copy
      // (Redis resends an unanswered command after a reconnect): then it is still ours.
      const now = await rt.store.pending.get(pending.token);
      return now?.status === 'used' && now.takeId === event.id ? pending : null;
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      if (!error.mayHaveApplied && !lastError) throw error;
      lastError = error;
      rt.logger.warn(
        { invocationId: event.id, err: error.reason },
        'confirmation take unanswered; re-reading the token',
      );
      if (Date.now() >= deadline) {
        throw new StoreUnavailableError(`${error.reason}; the confirmation was not run`, false, error.code);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
    }
  }
}

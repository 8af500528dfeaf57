// One rule for the time a chat platform stamps on a request: more than 5 minutes old is stale and
// more than 5 minutes ahead is refused the same way, so a captured or forged request cannot be
// replayed later (stale) or pre-dated to stay valid for longer (future). Within that window a copy
// of a request (a proxy's retry) is recognised by its key in the shared store and not run again.
import type { EphemeralState } from '../core/index.js';

/** How far a request's own timestamp may be from the bot's clock, either way. */
export const REQUEST_TIME_TOLERANCE_MS = 5 * 60_000;

/** Why a request's timestamp is refused, or null when it is within tolerance. */
export function requestTimeProblem(requestMs: number, nowMs: number): 'stale' | 'future' | 'invalid' | null {
  if (!Number.isFinite(requestMs)) return 'invalid';
  if (requestMs < nowMs - REQUEST_TIME_TOLERANCE_MS) return 'stale';
  if (requestMs > nowMs + REQUEST_TIME_TOLERANCE_MS) return 'future';
  return null;
}

/**
 * How long a delivered request is remembered: a timestamp is accepted up to the tolerance either
 * way, so a copy can arrive up to twice that later; plus a minute for replicas' clocks.
 */
export const REPLAY_WINDOW_MS = 2 * REQUEST_TIME_TOLERANCE_MS + 60_000;

/**
 * True the first time `key` (a request's signature and timestamp, an interaction id) is seen by any
 * replica sharing `state` within REPLAY_WINDOW_MS; false for every copy after it.
 */
export async function firstDelivery(state: EphemeralState, key: string): Promise<boolean> {
  return (await state.increment(`delivered:${key}`, REPLAY_WINDOW_MS)) === 1;
}

// One rule for the time a chat platform stamps on a request: more than 5 minutes old is stale and
// more than 5 minutes ahead is refused the same way, so a captured or forged request cannot be
// replayed later (stale) or pre-dated to stay valid for longer (future).

/** How far a request's own timestamp may be from the bot's clock, either way. */
export const REQUEST_TIME_TOLERANCE_MS = 5 * 60_000;

/** Why a request's timestamp is refused, or null when it is within tolerance. */
export function requestTimeProblem(requestMs: number, nowMs: number): 'stale' | 'future' | 'invalid' | null {
  if (!Number.isFinite(requestMs)) return 'invalid';
  if (requestMs < nowMs - REQUEST_TIME_TOLERANCE_MS) return 'stale';
  if (requestMs > nowMs + REQUEST_TIME_TOLERANCE_MS) return 'future';
  return null;
}

// Store work that must never hold up or break an answer — the response_url use counter, interaction
// tokens, typed-card texts, learned hostnames, seen ids: bounded by a short deadline, and a failure
// or a late answer is logged and replaced by a fallback. Pending confirmations, take and leases never
// go through here: without the store, nothing destructive runs.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../logger.js';
import { withDeadline } from './deadline.js';
import type { EphemeralState } from './ephemeral-state.js';

/** How long best-effort store work may hold up an answer. */
export const BEST_EFFORT_MS = 1_000;

/** Where a skipped write or a failed read is reported (a logger's warn, usually). */
export type BestEffortReport = (error: unknown, what: string) => void;

/** Reports skipped store work as a warning on `logger`. */
export function storeReport(logger: Pick<Logger, 'warn'>): BestEffortReport {
  return (error, what) => logger.warn({ err: error }, `${what} skipped (state store)`);
}

/** Whether the store has already failed one request (its best-effort work): the rest of it does not wait. */
const requestTrouble = new AsyncLocalStorage<{ met: boolean }>();

/**
 * Runs one request's work in its own store-trouble scope: once a best-effort store call in it has
 * failed or timed out, the others start but are not waited for (a frozen store costs one deadline
 * per request, not one per lookup). `work` is told `met()`: whether the store failed it so far.
 */
export function inStoreTroubleScope<T>(work: (met: () => boolean) => Promise<T>): Promise<T> {
  const scope = { met: false };
  return requestTrouble.run(scope, () => work(() => scope.met));
}

/** `work()`'s result, or `fallback` when it fails or takes longer than `ms` (reported, never thrown). */
export async function bestEffort<T>(
  what: string,
  work: () => Promise<T>,
  fallback: T,
  report?: BestEffortReport,
  ms: number = BEST_EFFORT_MS,
): Promise<T> {
  const scope = requestTrouble.getStore();
  try {
    return await withDeadline(work(), scope?.met ? 0 : ms);
  } catch (error) {
    if (scope) scope.met = true;
    report?.(error, what);
    return fallback;
  }
}

/**
 * The adapters' EphemeralState, best effort: a get that fails reads as missing, a set or delete that
 * fails is skipped, and an uncountable increment counts as a first use (the platform refuses
 * overuse itself). So a frozen store never silences a reply.
 */
export function bestEffortState(
  state: EphemeralState,
  report?: BestEffortReport,
  ms: number = BEST_EFFORT_MS,
): EphemeralState {
  return {
    get: (key) => bestEffort('ephemeral get', () => state.get(key), null, report, ms),
    set: (key, value, ttlMs) =>
      bestEffort('ephemeral set', () => state.set(key, value, ttlMs), undefined, report, ms),
    delete: (key) => bestEffort('ephemeral delete', () => state.delete(key), undefined, report, ms),
    increment: (key, ttlMs) =>
      bestEffort('ephemeral increment', () => state.increment(key, ttlMs), 1, report, ms),
  };
}

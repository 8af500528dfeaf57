// Readiness of a serving process: this replica can take requests (its store answers). The hosting
// API's health is not part of it — during a provider outage the bot must stay in the Service to say
// "the hosting API is unreachable" itself; it is reported apart (api-health.ts).
import { isApiError } from '../api/index.js';
import { DeadlineExceeded, isStoreUnavailable, withDeadline, type StoreFaults } from '../core/index.js';

/** Ready, or the plain-text reason naming the dependency that failed (never a secret). */
export type Readiness = { ready: true } | { ready: false; reason: string };

/** Settings of createReadiness; the probes are injectable so tests can fail either one. */
export interface ReadinessOptions {
  /** Resolves when the store answers (BotStore.ping). */
  pingStore: () => Promise<void>;
  /** Many-tenant mode: why VPSOPS_ENCRYPTION_KEY does not open the stored data, or null. */
  keyProblem?: () => Promise<string | null>;
  /** Longest wait for the store before it counts as failed, default 3 s. */
  timeoutMs?: number;
}

/**
 * Why a probe failed, from error codes and statuses only: messages may name URLs with credentials
 * (a Redis URL with a password), so they are never repeated.
 */
export function describeFailure(error: unknown): string {
  if (isApiError(error)) return `${error.code}${error.status === undefined ? '' : ` (HTTP ${error.status})`}`;
  if (error instanceof DeadlineExceeded) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : 'failed';
}

/** Why the store is not ready: Redis that answers but may lose a confirmation is not "not reachable". */
function storeNotReady(error: unknown): string {
  // The reason of STORE_UNSAFE is the store's own words about settings (no URL, no credentials).
  if (isStoreUnavailable(error) && error.code === 'STORE_UNSAFE')
    return `store has unsafe persistence: ${error.reason}`;
  return `store not reachable: ${describeFailure(error)}`;
}

/** Builds the check behind GET /readyz. */
export function createReadiness(options: ReadinessOptions): () => Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  return async () => {
    const store = await withDeadline(options.pingStore(), timeoutMs).then(
      () => null,
      (error: unknown) => storeNotReady(error),
    );
    if (store !== null) return { ready: false, reason: store };
    const key = options.keyProblem
      ? // A check that could not run is no proof the key matches: not ready, and said why.
        await withDeadline(options.keyProblem(), timeoutMs).catch(
          (error: unknown) => `encryption key check failed: ${describeFailure(error)}`,
        )
      : null;
    return key === null ? { ready: true } : { ready: false, reason: key };
  };
}

/** The lines of `/readyz?verbose` about the store: what it met since start (each also logged). */
export function storeFaultLines(faults: StoreFaults | undefined): string[] {
  if (!faults) return [];
  const lines = [
    faults.dataLosses > 0
      ? `store: DATA LOSS seen ${faults.dataLosses} time(s) since start (see the log)`
      : '',
    faults.corruptRecords > 0
      ? `store: ${faults.corruptRecords} damaged journal line(s) set aside at start`
      : '',
    faults.writeFailures > 0 ? `store: ${faults.writeFailures} write(s) refused since start` : '',
  ].filter(Boolean);
  return lines.length > 0 ? lines : ['store: no faults since start'];
}

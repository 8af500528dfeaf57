// Readiness of a serving process: the store answers and the hosting API is reachable. The API probe
// is a cheap read whose result is cached for a few seconds and shared by concurrent checks, so a
// load balancer polling every second costs the API at most one request per cache period.
import { isApiError, type HostingApi } from '../api/index.js';

/** Ready, or the plain-text reason naming the dependency that failed (never a secret). */
export type Readiness = { ready: true } | { ready: false; reason: string };

/** Settings of createReadiness; the probes are injectable so tests can fail either one. */
export interface ReadinessOptions {
  /** Resolves when the store answers (BotStore.ping). */
  pingStore: () => Promise<void>;
  /** Resolves when the hosting API answers (see apiProbe). */
  probeApi: () => Promise<void>;
  /** How long an API probe result is reused, default 5 s. */
  cacheMs?: number;
  /** Longest wait for either dependency before it counts as failed, default 3 s. */
  timeoutMs?: number;
  now?: () => number;
}

/** The default API probe: GET /systems (the OS image list), a read with no side effect. */
export function apiProbe(api: HostingApi): () => Promise<void> {
  return async () => {
    await api.systems.list();
  };
}

/**
 * Why a probe failed, from error codes and statuses only: messages may name URLs with credentials
 * (a Redis URL with a password), so they are never repeated.
 */
function describe(error: unknown): string {
  if (isApiError(error)) return `${error.code}${error.status === undefined ? '' : ` (HTTP ${error.status})`}`;
  if (error instanceof TimedOut) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : 'failed';
}

class TimedOut extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Builds the check behind GET /readyz. */
export function createReadiness(options: ReadinessOptions): () => Promise<Readiness> {
  const cacheMs = options.cacheMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; result: string | null } | undefined;
  let inflight: Promise<string | null> | undefined;

  const probeApi = (): Promise<string | null> => {
    if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.result);
    inflight ??= withDeadline(options.probeApi(), timeoutMs)
      .then(
        () => null,
        (error: unknown) => `hosting API not reachable: ${describe(error)}`,
      )
      .then((result) => {
        cached = { at: now(), result };
        inflight = undefined;
        return result;
      });
    return inflight;
  };

  return async () => {
    const [store, api] = await Promise.all([
      withDeadline(options.pingStore(), timeoutMs).then(
        () => null,
        (error: unknown) => `store not reachable: ${describe(error)}`,
      ),
      probeApi(),
    ]);
    const reasons = [store, api].filter((r): r is string => r !== null);
    return reasons.length === 0 ? { ready: true } : { ready: false, reason: reasons.join('; ') };
  };
}

// The hosting API's health as this replica sees it: a cheap read whose result is cached for a few
// seconds and shared by concurrent checks, so scrapes and probes polling every second cost the API
// at most one request per cache period. Reported as vpsops_hosting_api_up and in /healthz?verbose,
// never as a readiness failure (the bot itself tells users when the API is unreachable).
import type { HostingApi } from '../api/index.js';
import { withDeadline } from '../core/index.js';
import { describeFailure } from './readiness.js';

/** Up, or down with the reason (error codes and statuses only, never a secret). */
export type ApiHealth = { up: true } | { up: false; reason: string };

/** Settings of createApiHealth; the probe is injectable so tests can fail it. */
export interface ApiHealthOptions {
  /** Resolves when the hosting API answers (see apiProbe). */
  probeApi: () => Promise<void>;
  /** How long a probe result is reused, default 5 s. */
  cacheMs?: number;
  /** Longest wait for the API before it counts as down, default 3 s. */
  timeoutMs?: number;
  now?: () => number;
}

/** The default API probe: GET /systems (the OS image list), a read with no side effect. */
export function apiProbe(api: HostingApi): () => Promise<void> {
  return async () => {
    await api.systems.list();
  };
}

/** Builds the cached check. */
export function createApiHealth(options: ApiHealthOptions): () => Promise<ApiHealth> {
  const cacheMs = options.cacheMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; result: ApiHealth } | undefined;
  let inflight: Promise<ApiHealth> | undefined;
  return () => {
    if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.result);
    inflight ??= withDeadline(options.probeApi(), timeoutMs)
      .then(
        (): ApiHealth => ({ up: true }),
        (error: unknown): ApiHealth => ({ up: false, reason: describeFailure(error) }),
      )
      .then((result) => {
        cached = { at: now(), result };
        inflight = undefined;
        return result;
      });
    return inflight;
  };
}

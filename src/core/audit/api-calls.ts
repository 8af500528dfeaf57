// Lets the runner learn which hosting-API calls one invocation made (status, duration) without
// threading anything through handlers: the API client reports every call to `onCall`, and an
// AsyncLocalStorage scope routes it to the invocation that is running.
import { AsyncLocalStorage } from 'node:async_hooks';

/** One hosting-API call as reported by the client (never carries the key). */
export interface ApiCallEvent {
  endpoint: string;
  status?: number;
  durationMs: number;
  attempt: number;
  errorCode?: string;
}

/** Collects API calls per invocation; pass `onCall` to createHostingApi. */
export interface ApiCallRecorder {
  /** Given to the API client; files the event under the invocation running now (if any). */
  onCall(event: ApiCallEvent): void;
  /** Runs `fn`; every call it makes (even across awaits) is appended to `calls`. */
  scope<T>(calls: ApiCallEvent[], fn: () => Promise<T>): Promise<T>;
}

/** Builds a recorder backed by AsyncLocalStorage. */
export function createApiCallRecorder(): ApiCallRecorder {
  const storage = new AsyncLocalStorage<ApiCallEvent[]>();
  return {
    onCall(event) {
      storage.getStore()?.push({ ...event });
    },
    scope(calls, fn) {
      return storage.run(calls, fn);
    },
  };
}

/** Audit summary of the calls: the status worth reporting (first failure, else the last call). */
export function summariseCalls(calls: readonly ApiCallEvent[]): { apiStatus?: number; apiMs: number } {
  const failed = calls.find((c) => c.errorCode !== undefined || (c.status !== undefined && c.status >= 400));
  const chosen = failed ?? calls[calls.length - 1];
  const apiMs = calls.reduce((sum, c) => sum + c.durationMs, 0);
  return chosen?.status !== undefined ? { apiStatus: chosen.status, apiMs } : { apiMs };
}

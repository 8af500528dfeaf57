// The structured result of one command, for scripts (`vpsops exec --json`): what was asked and the
// parsed hosting-API objects the handler got back, with the API's own field names. The handler's
// API is wrapped per call, so only its own calls count (not instance resolution or alias learning).
import type { HostingApi } from '../../api/index.js';
import type { Risk } from '../ports.js';

/** One API answer a handler received: `instances.detail` and the parsed value. */
export interface ApiResponse {
  call: string;
  value: unknown;
}

/** What one command run asked and got back; reported once its handler settles. */
export interface CommandResult {
  /** The invocation (or confirmation action) whose audit record this is. */
  auditId: string;
  command: string;
  risk: Risk;
  /** The arguments as audited (secrets redacted). */
  args: Record<string, unknown>;
  /** The handler's API answers in call order (empty when it failed before any came back). */
  responses: ApiResponse[];
}

/** Receives every command result (exec --json); absent elsewhere. */
export type ResultListener = (result: CommandResult) => void;

/** `api` whose method results are also handed to `onResponse` (errors pass through untouched). */
export function recordingApi(api: HostingApi, onResponse: (response: ApiResponse) => void): HostingApi {
  return new Proxy(api, {
    get(target, group, receiver) {
      const methods: unknown = Reflect.get(target, group, receiver);
      if (typeof group !== 'string' || typeof methods !== 'object' || methods === null) return methods;
      return new Proxy(methods, {
        get(inner, name, innerReceiver) {
          const method: unknown = Reflect.get(inner, name, innerReceiver);
          if (typeof name !== 'string' || typeof method !== 'function') return method;
          return async (...params: unknown[]) => {
            const value: unknown = await Reflect.apply(method, inner, params);
            onResponse({ call: `${group}.${name}`, value });
            return value;
          };
        },
      });
    },
  });
}

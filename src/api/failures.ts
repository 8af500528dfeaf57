// Maps what can go wrong on the wire to the closed set of ApiError codes, keeping secrets out:
// got's errors carry the request options (headers with the API key), so they are never kept.
import { ApiError } from './errors.js';
import type { ApiErrorCode } from './errors.js';
import type { EndpointName } from './endpoints.js';
import { createRedactor, type Redactor } from './redact.js';
import { prefixWithin } from '../render/shorten.js';

/** HTTP status → error code; statuses the spec does not describe fall back by class. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 410) return 'NOT_FOUND';
  if (status === 400 || status === 422) return 'INVALID_INPUT';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 408) return 'TIMEOUT';
  if (status >= 300 && status < 400) return 'UPSTREAM_INVALID';
  return 'UPSTREAM_ERROR';
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(
  header: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const MAX_MESSAGE = 300;

/** The API's JSON `message`, shortened and with the key removed should the API ever echo it. */
export function apiMessageOf(body: string, apiKey: string): string | undefined {
  let message: unknown;
  try {
    message = (JSON.parse(body) as { message?: unknown } | null)?.message;
  } catch {
    return undefined;
  }
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  return prefixWithin(redact(message.trim(), apiKey), MAX_MESSAGE);
}

let cached: { secret: string; redactor: Redactor } | undefined;

/** Removes every occurrence of the secret from a text, in any case and encoding it may come back in. */
export function redact(text: string, secret: string): string {
  if (secret.length === 0) return text;
  if (cached?.secret !== secret) cached = { secret, redactor: createRedactor([secret], { minLength: 1 }) };
  return cached.redactor(text);
}

/** "host:port" of a base URL (default port by scheme) — never the path, query or credentials. */
export function hostPortOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl);
    const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
    return port ? `${url.hostname}:${port}` : url.hostname;
  } catch {
    return undefined;
  }
}

/** Ids a request named, for "that backup (c1d2…)" hints: path params and id-like query values. */
export function idsOf(
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = String(v);
  for (const k of ['vm_id', 'location_id', 'location']) if (query[k] !== undefined) out[k] = String(query[k]);
  return out;
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);

/** Whether got had finished sending the request when it failed (its timings record the upload). */
export function requestWasSent(error: unknown): boolean {
  const timings = (error as { timings?: { upload?: number } } | null)?.timings;
  return typeof timings?.upload === 'number';
}

/**
 * A request that produced no response (timeout, refused, reset, DNS…) as an ApiError. The cause is
 * a fresh Error naming only the error class and code — never got's error with its options. For a
 * state-changing call (`mutating`) that was already sent, the outcome is unknown: it may have happened.
 */
export function fromRequestFailure(
  endpoint: EndpointName,
  error: unknown,
  hostPort?: string,
  mutating = false,
): ApiError {
  const name = error instanceof Error ? error.name : 'Error';
  const code =
    typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : '';
  const timedOut = name === 'TimeoutError' || TIMEOUT_CODES.has(code);
  const sent = requestWasSent(error);
  const detail = [hostPort, code, mutating && sent ? 'after the request was sent' : '']
    .filter(Boolean)
    .join(', ');
  return new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK', endpoint, {
    cause: new Error(`${name}${code ? ` ${code}` : ''}`),
    ...(detail ? { detail } : {}),
    outcomeUnknown: mutating && sent,
  });
}

/**
 * Whether a 5xx answer to a state-changing call leaves its outcome unknown: a gateway error (502,
 * 504) or any 5xx that is not the API's own JSON error (a proxy that may have forwarded the call).
 */
export function serverErrorLeavesOutcomeUnknown(status: number, apiMessage: string | undefined): boolean {
  if (status < 500 || status === 501) return false;
  return status === 502 || status === 504 || apiMessage === undefined;
}

// One hosting-API call: build the request from the ENDPOINTS table, send it with got (which
// neither retries nor throws on HTTP errors), map the outcome, unwrap the envelope and validate
// the data. Retries are done here, explicitly: only retrySafe endpoints, only on
// NETWORK/TIMEOUT/5xx/429, with exponential backoff; 429 waits for Retry-After up to a cap.
import { got, type Got } from 'got';
import type { z } from 'zod';
import { ApiError } from './errors.js';
import type { ApiErrorCode } from './errors.js';
import { ENDPOINTS } from './endpoints.js';
import type { EndpointName } from './endpoints.js';
import {
  apiMessageOf,
  codeForStatus,
  fromRequestFailure,
  hostPortOf,
  idsOf,
  parseRetryAfter,
  serverErrorLeavesOutcomeUnknown,
} from './failures.js';
import { decodeEnvelope } from './envelope.js';
import { buildPath } from './validate.js';

/** What onCall receives after every attempt (never the key, the URL or the body). */
export interface CallEvent {
  endpoint: EndpointName;
  status?: number;
  durationMs: number;
  attempt: number;
  errorCode?: ApiErrorCode;
}

/** Settings of the transport; all filled in by createHostingApi. */
export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  retryBaseDelayMs: number;
  maxRetryAfterMs: number;
  onCall?: ((event: CallEvent) => void) | undefined;
  /** Waits between attempts; replaceable so tests can observe delays without waiting. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** Path parameters, query and form fields of one call (validated inputs only). */
export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
  form?: Record<string, string>;
}

/** Performs one endpoint call and returns its validated data. */
export type Transport = <T>(endpoint: EndpointName, input: CallInput, schema: z.ZodType<T>) => Promise<T>;

const RETRYABLE = new Set<ApiErrorCode>(['NETWORK', 'TIMEOUT', 'UPSTREAM_ERROR', 'RATE_LIMITED']);

/** Builds the call function shared by every resource module. */
export function createTransport(config: TransportConfig): Transport {
  const base = config.baseUrl.replace(/\/+$/, '');
  const hostPort = hostPortOf(base);
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const client = got.extend({
    headers: { 'x-apikey': config.apiKey, accept: 'application/json' },
    throwHttpErrors: false,
    followRedirect: false,
    retry: { limit: 0 },
    timeout: { request: config.timeoutMs },
    responseType: 'text',
  });

  function report(event: CallEvent): void {
    try {
      config.onCall?.(event);
    } catch {
      // An audit/metrics hook must never change the outcome of a call.
    }
  }

  return async function call<T>(endpoint: EndpointName, input: CallInput, schema: z.ZodType<T>): Promise<T> {
    const spec = ENDPOINTS[endpoint];
    const url = base + buildPath(endpoint, spec.path, input.params ?? {});
    const maxAttempts = spec.retrySafe ? 1 + Math.max(0, config.retries) : 1;
    for (let attemptNumber = 1; ; attemptNumber++) {
      const started = performance.now();
      const outcome = await attempt(
        client,
        { endpoint, url, input, hostPort, apiKey: config.apiKey },
        schema,
      );
      const durationMs = Math.round(performance.now() - started);
      report({
        endpoint,
        status: outcome.status,
        durationMs,
        attempt: attemptNumber,
        errorCode: outcome.error?.code,
      });
      if (!outcome.error) return outcome.data as T;
      // A call that may have happened is never repeated, whatever the endpoint table says.
      const retryable = attemptNumber < maxAttempts && !outcome.error.outcomeUnknown;
      const delay = retryable ? retryDelay(config, outcome.error, attemptNumber) : undefined;
      if (delay === undefined) throw outcome.error;
      await sleep(delay);
    }
  };
}

/** One call's request, as each attempt sends it. */
interface OneCall {
  endpoint: EndpointName;
  url: string;
  input: CallInput;
  hostPort: string | undefined;
  apiKey: string;
}

/** An attempt's result: the validated data, or the error (with the HTTP status when there was one). */
type Outcome<T> = { status?: number; data?: T; error?: undefined } | { status?: number; error: ApiError };

/** Sends one attempt and maps its outcome (got neither throws on HTTP errors nor retries). */
async function attempt<T>(client: Got, call: OneCall, schema: z.ZodType<T>): Promise<Outcome<T>> {
  const { endpoint, url, input, hostPort } = call;
  const spec = ENDPOINTS[endpoint];
  let response;
  try {
    response = await client(url, {
      method: spec.method,
      searchParams: definedOnly(input.query),
      ...(input.form ? { form: input.form } : {}),
    });
  } catch (error) {
    return { error: fromRequestFailure(endpoint, error, hostPort, !spec.retrySafe) };
  }
  const status = response.statusCode;
  const body = typeof response.body === 'string' ? response.body : '';
  const ids = idsOf(input.params, input.query);
  if (status >= 200 && status < 300) {
    const decoded = decodeEnvelope(endpoint, body, schema, status);
    if (!('error' in decoded)) return { status, data: decoded.data };
    // The API accepted a state-changing call but its answer is unusable: it may well have happened.
    const error = spec.retrySafe
      ? decoded.error
      : new ApiError('UPSTREAM_INVALID', endpoint, {
          status,
          ids,
          cause: decoded.error.cause,
          outcomeUnknown: true,
        });
    return { status, error };
  }
  const code = codeForStatus(status);
  const retryAfterMs = code === 'RATE_LIMITED' ? parseRetryAfter(response.headers['retry-after']) : undefined;
  const apiMessage = apiMessageOf(body, call.apiKey);
  const outcomeUnknown = !spec.retrySafe && serverErrorLeavesOutcomeUnknown(status, apiMessage);
  return {
    status,
    error: new ApiError(code, endpoint, { status, apiMessage, retryAfterMs, ids, outcomeUnknown }),
  };
}

/** Delay before the next attempt, or undefined when this failure must not be retried. */
function retryDelay(
  config: Pick<TransportConfig, 'maxRetryAfterMs' | 'retryBaseDelayMs'>,
  error: ApiError,
  attemptNumber: number,
): number | undefined {
  if (!RETRYABLE.has(error.code)) return undefined;
  if (error.code === 'UPSTREAM_ERROR' && error.status !== undefined && error.status < 500) return undefined;
  if (error.code === 'RATE_LIMITED' && error.retryAfterMs !== undefined) {
    // Waiting longer than the cap would stall the chat; give up and let the caller say when to retry.
    return error.retryAfterMs <= config.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  return config.retryBaseDelayMs * 2 ** (attemptNumber - 1);
}

function definedOnly(query: CallInput['query']): Record<string, string | number> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

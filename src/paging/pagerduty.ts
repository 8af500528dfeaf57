// Pages out through the PagerDuty Events API v2 (POST {routing_key, event_action, dedup_key, payload}
// → 202 {status, message, dedup_key}). Every event carries the incident's own dedup_key, so a
// retry — even of a request whose answer was lost — updates the same PagerDuty alert instead of
// opening a second one: retrying is safe. Failures come back as a value for the caller to log and
// count; the alert is posted in chat whatever happens here.
import { got } from 'got';
import { parseRetryAfter, redact } from '../api/failures.js';
import { shorten } from '../render/shorten.js';
import type { AlertKind } from '../core/kit/index.js';

/** PagerDuty's public enqueue endpoint (PAGERDUTY_EVENTS_URL overrides it, e.g. for a fake). */
export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';
/** PagerDuty's limits on payload.summary and dedup_key. */
export const SUMMARY_MAX = 1024;
export const DEDUP_KEY_MAX = 255;

export type PagerDutySeverity = 'critical' | 'error' | 'warning' | 'info';
export type PagerDutyAction = 'trigger' | 'acknowledge' | 'resolve';

/** critical for a server down or gone, warning for a threshold (a low balance too); the hosting API unreachable is an error. */
export function severityFor(kind: AlertKind): PagerDutySeverity {
  if (kind === 'status' || kind === 'gone') return 'critical';
  if (kind === 'cpu' || kind === 'memory' || kind === 'balance') return 'warning';
  return 'error';
}

/** One incident (or group) to page about. */
export interface PageTrigger {
  /** The incident or group id: the same key acknowledges and resolves it. */
  dedupKey: string;
  /** Hostname(s) and kind; cut to 1024 characters. */
  summary: string;
  /** The affected system, preferably a hostname. */
  source: string;
  kind: AlertKind;
  /** Shown in PagerDuty's details: flat values only, and nothing secret (no keys, tokens, URLs with credentials). */
  customDetails?: Record<string, string | number | boolean>;
  /** When the incident opened (epoch ms); defaults to now. */
  at?: number;
}

/** The JSON body PagerDuty receives. */
export interface PagerDutyEvent {
  routing_key: string;
  event_action: PagerDutyAction;
  dedup_key: string;
  payload?: {
    summary: string;
    source: string;
    severity: PagerDutySeverity;
    timestamp: string;
    custom_details?: Record<string, string | number | boolean>;
  };
}

/** Why an event was not accepted. */
export type PageFailureReason =
  /** 400: PagerDuty refused the event (a wrong routing key, a malformed event); retrying cannot help. */
  | 'rejected'
  /** The event was not sent: its dedup key is empty or too long. */
  | 'invalid'
  | 'rate-limited'
  | 'server-error'
  | 'network'
  | 'timeout';

/** How sending one event ended. `detail` never holds the routing key. */
export type PageOutcome =
  | { ok: true }
  | { ok: false; reason: PageFailureReason; retryable: boolean; detail: string; status?: number };

/** Settings of createPagerDuty; times in ms. */
export interface PagerDutyOptions {
  routingKey: string;
  url?: string;
  /** One attempt's limit (default 10 s). */
  timeoutMs?: number;
  /** The whole send, retries and waits included (default 60 s): past it the send gives up. */
  deadlineMs?: number;
  /** Attempts after the first (default 4). */
  retries?: number;
  /** First backoff delay, doubled per attempt (default 1 s). */
  baseDelayMs?: number;
  /** Replaceable so tests observe waits without waiting; `now` must agree with it. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** The three Events v2 actions. */
export interface PagerDuty {
  trigger(event: PageTrigger): Promise<PageOutcome>;
  acknowledge(dedupKey: string): Promise<PageOutcome>;
  resolve(dedupKey: string): Promise<PageOutcome>;
}

/** The Events v2 body for an action; a trigger needs `event`, acknowledge and resolve only the key. */
export function pagerDutyEvent(
  routingKey: string,
  action: PagerDutyAction,
  dedupKey: string,
  event?: PageTrigger,
  now: number = Date.now(),
): PagerDutyEvent {
  const body: PagerDutyEvent = { routing_key: routingKey, event_action: action, dedup_key: dedupKey };
  if (action === 'trigger' && event) {
    body.payload = {
      summary: shorten(event.summary, SUMMARY_MAX),
      source: event.source,
      severity: severityFor(event.kind),
      timestamp: new Date(event.at ?? now).toISOString(),
    };
    if (event.customDetails) body.payload.custom_details = event.customDetails;
  }
  return body;
}

type Attempt =
  { ok: true } | { ok: false; reason: PageFailureReason; detail: string; status?: number; waitMs?: number };

const MAX_DETAIL = 300;

/** A PagerDuty Events v2 client on got. */
export function createPagerDuty(options: PagerDutyOptions): PagerDuty {
  const url = options.url ?? PAGERDUTY_EVENTS_URL;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadlineMs = options.deadlineMs ?? 60_000;
  const retries = Math.max(0, options.retries ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const clean = (text: string) => shorten(redact(text, options.routingKey), MAX_DETAIL);
  const client = got.extend({
    throwHttpErrors: false,
    followRedirect: false,
    retry: { limit: 0 },
    responseType: 'text',
    headers: { accept: 'application/json' },
  });

  async function attempt(body: PagerDutyEvent, limitMs: number): Promise<Attempt> {
    let response;
    try {
      response = await client.post(url, { json: body, timeout: { request: limitMs } });
    } catch (error) {
      // got's error holds the request options (the body, so the routing key): keep only its name and code.
      const name = error instanceof Error ? error.name : 'Error';
      const code = (error as { code?: unknown } | null)?.code;
      const what = `${name}${typeof code === 'string' ? ` ${code}` : ''}`;
      return name === 'TimeoutError'
        ? { ok: false, reason: 'timeout', detail: `no answer within ${limitMs} ms` }
        : { ok: false, reason: 'network', detail: clean(what) };
    }
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ok: true };
    const said = clean(answerText(response.body));
    if (status === 429) {
      const waitMs = parseRetryAfter(response.headers['retry-after'], now());
      return {
        ok: false,
        reason: 'rate-limited',
        status,
        detail: said || 'too many events',
        ...(waitMs !== undefined ? { waitMs } : {}),
      };
    }
    if (status >= 500) return { ok: false, reason: 'server-error', status, detail: said || `HTTP ${status}` };
    return { ok: false, reason: 'rejected', status, detail: said || `HTTP ${status}` };
  }

  async function send(body: PagerDutyEvent): Promise<PageOutcome> {
    if (body.dedup_key.length === 0 || body.dedup_key.length > DEDUP_KEY_MAX)
      return {
        ok: false,
        reason: 'invalid',
        retryable: false,
        detail: `dedup_key must be 1–${DEDUP_KEY_MAX} characters`,
      };
    const endsAt = now() + deadlineMs;
    for (let attemptNumber = 1; ; attemptNumber++) {
      const left = endsAt - now();
      const outcome = await attempt(body, Math.max(1, Math.min(timeoutMs, left)));
      if (outcome.ok) return outcome;
      const failure = failed(outcome);
      if (!failure.retryable || attemptNumber > retries) return failure;
      const waitMs = outcome.waitMs ?? baseDelayMs * 2 ** (attemptNumber - 1);
      // Waiting past the deadline would only fail later: give up now, still retryable by the caller.
      if (now() + waitMs >= endsAt) return failure;
      await sleep(waitMs);
    }
  }

  return {
    trigger: (event) => send(pagerDutyEvent(options.routingKey, 'trigger', event.dedupKey, event, now())),
    acknowledge: (dedupKey) => send(pagerDutyEvent(options.routingKey, 'acknowledge', dedupKey)),
    resolve: (dedupKey) => send(pagerDutyEvent(options.routingKey, 'resolve', dedupKey)),
  };
}

type PageFailure = Extract<PageOutcome, { ok: false }>;

function failed(attempt: Exclude<Attempt, { ok: true }>): PageFailure {
  const outcome: PageFailure = {
    ok: false,
    reason: attempt.reason,
    retryable: attempt.reason !== 'rejected' && attempt.reason !== 'invalid',
    detail: attempt.detail,
  };
  if (attempt.status !== undefined) outcome.status = attempt.status;
  return outcome;
}

/** PagerDuty's own words from an error answer: its `message` and `errors`, else nothing. */
function answerText(body: unknown): string {
  if (typeof body !== 'string') return '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: unknown } | null;
    const parts: string[] = [];
    if (typeof parsed?.message === 'string') parts.push(parsed.message);
    if (Array.isArray(parsed?.errors))
      parts.push(...parsed.errors.filter((e): e is string => typeof e === 'string'));
    return parts.join(': ');
  } catch {
    return '';
  }
}

// The request pipeline: log → route → authenticate → faults → parse → handler → JSON response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EndpointName } from '../api/endpoints.js';
import { isAuthorised } from './auth.js';
import type { FaultList } from './faults.js';
import { HANDLERS } from './handlers/index.js';
import type { HandlerContext } from './handlers/context.js';
import { parseForm, readBody, sendJson, sendRaw, SimError } from './http-io.js';
import { route } from './router.js';
import type { Scheduler } from './scheduler.js';
import type { SimulatorState } from './state.js';
import type { Fault, RequestRecord, SimulatorTiming } from './types.js';

/** Everything the pipeline needs from the running simulator. */
export interface PipelineDeps {
  apiKey: string;
  state: SimulatorState;
  scheduler: Scheduler;
  timing: SimulatorTiming;
  now: () => Date;
  faults: FaultList;
  log: RequestRecord[];
  /** Optional endpoints this simulator answers as unknown routes. */
  notOffered: ReadonlySet<EndpointName>;
}

const BASE = '/v1';
const MALFORMED_BODY =
  '<!DOCTYPE html><html><head><title>Gateway</title></head><body>upstream hiccup</body></html>';

/** Answers one request; never throws (failures become JSON error responses). */
export async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: PipelineDeps,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const record: RequestRecord = {
    endpoint: 'unknown',
    method: req.method ?? 'GET',
    path: url.pathname,
    status: 0,
    time: Date.now(),
  };
  deps.log.push(record);
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    record.status = status;
    sendJson(res, status, body, headers);
  };
  try {
    const bodyText = await readBody(req);
    const relative =
      url.pathname === BASE || url.pathname.startsWith(`${BASE}/`) ? url.pathname.slice(BASE.length) : null;
    const routed =
      relative === null ? ({ kind: 'not-found' } as const) : route(methodsOf(req, bodyText), relative);
    if (routed.kind === 'match') record.endpoint = routed.endpoint;
    if (!isAuthorised(req.headers['x-apikey'], deps.apiKey))
      return answer(401, { message: 'Unauthenticated.' });
    if (routed.kind === 'not-found' || (routed.kind === 'match' && deps.notOffered.has(routed.endpoint))) {
      return answer(404, { message: `The route ${record.method} ${url.pathname} could not be found.` });
    }
    if (routed.kind === 'method-not-allowed') {
      return answer(
        405,
        {
          message: `The ${record.method} method is not supported for this route. Supported methods: ${routed.allowed.join(', ')}.`,
        },
        { allow: routed.allowed.join(', ') },
      );
    }
    const fault = deps.faults.take(routed.endpoint);
    const afterHandler = fault && 'applied' in fault && fault.applied === true;
    if (fault && fault.kind !== 'latency' && !afterHandler) return applyFault(fault, res, record, answer);
    if (fault?.kind === 'latency') await deps.scheduler.sleep(fault.ms);
    const ctx: HandlerContext = {
      params: routed.params,
      query: url.searchParams,
      form: parseForm(bodyText, req.headers['content-type']),
      state: deps.state,
      scheduler: deps.scheduler,
      timing: deps.timing,
      now: deps.now,
    };
    const result = HANDLERS[routed.endpoint](ctx);
    if (fault && fault.kind !== 'latency' && afterHandler) return applyFault(fault, res, record, answer);
    answer(result.status ?? 200, { message: result.message, data: result.data });
  } catch (error) {
    if (error instanceof SimError) answer(error.status, { message: error.message });
    else answer(500, { message: 'Internal simulator error.' });
  }
}

/** The request method, preceded by a `_method` override when a POST carries one (Laravel-style). */
function methodsOf(req: IncomingMessage, bodyText: string): string[] {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'POST') return [method];
  try {
    const spoofed = parseForm(bodyText, req.headers['content-type'])._method?.toUpperCase();
    return spoofed && spoofed !== method ? [spoofed, method] : [method];
  } catch {
    return [method];
  }
}

function applyFault(
  fault: Exclude<Fault, { kind: 'latency' }>,
  res: ServerResponse,
  record: RequestRecord,
  answer: (status: number, body: unknown, headers?: Record<string, string>) => void,
): void {
  switch (fault.kind) {
    case 'status':
      return answer(fault.status, { message: fault.message ?? `Simulated failure (HTTP ${fault.status}).` });
    case 'rate-limit':
      return answer(
        429,
        { message: 'Too Many Attempts.' },
        { 'retry-after': String(fault.retryAfterSeconds) },
      );
    case 'body':
      return answer(200, fault.body);
    case 'malformed':
      record.status = 200;
      return sendRaw(res, 200, MALFORMED_BODY);
    case 'hang':
      // Accept the request and never answer; close() destroys the socket.
      return;
    case 'reset':
      // Drop the connection without a response (the client sees ECONNRESET / socket hang up).
      res.socket?.resetAndDestroy();
      return;
  }
}

// A fake PagerDuty Events API v2 on 127.0.0.1: POST /v2/enqueue, validated the way PagerDuty does
// (400 {status: "invalid event", message, errors}), 202 {status: "success", message, dedup_key} for an
// accepted event, and scripted trouble: 429 with Retry-After or 500 for the next N requests, or no
// answer at all. It records accepted events and the state of each alert by dedup key.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An event PagerDuty accepted, as sent. */
export interface ReceivedEvent {
  routing_key: string;
  event_action: 'trigger' | 'acknowledge' | 'resolve';
  dedup_key: string;
  payload?: {
    summary: string;
    source: string;
    severity: string;
    timestamp?: string;
    custom_details?: Record<string, unknown>;
  };
}

/** Trouble for the next requests. */
export type FakeTrouble = { status: 429; retryAfterSeconds?: number } | { status: 500 } | { hang: true };

export interface FakePagerDuty {
  /** The enqueue URL (http://127.0.0.1:<port>/v2/enqueue). */
  url: string;
  /** Accepted events, in order. */
  events: ReceivedEvent[];
  /** Every request that reached the server, accepted or not. */
  requests(): number;
  /** Each dedup key's alert: triggered, acknowledged or resolved (the latest accepted action). */
  alerts(): Map<string, 'triggered' | 'acknowledged' | 'resolved'>;
  /** The next `count` requests get this trouble instead of an answer on their merits. */
  failNext(count: number, trouble: FakeTrouble): void;
  close(): Promise<void>;
}

const ACTIONS = new Set(['trigger', 'acknowledge', 'resolve']);
const SEVERITIES = new Set(['critical', 'error', 'warning', 'info']);

/** PagerDuty's checks on an event body; an empty list when it is valid. */
export function eventErrors(body: unknown, knownKeys: ReadonlySet<string>): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return ['Event object is not a JSON object'];
  const event = body as Record<string, unknown>;
  const errors: string[] = [];
  const key = event.routing_key;
  if (typeof key !== 'string') errors.push("'routing_key' is missing or blank");
  else if (key.length !== 32) errors.push("Length of 'routing_key' is incorrect (should be 32 characters)");
  else if (!knownKeys.has(key)) errors.push('Invalid routing key');
  const action = event.event_action;
  if (typeof action !== 'string' || !ACTIONS.has(action))
    errors.push("'event_action' is invalid (must be one of: trigger, acknowledge, resolve)");
  const dedup = event.dedup_key;
  if (dedup !== undefined && (typeof dedup !== 'string' || dedup.length > 255))
    errors.push("'dedup_key' is invalid (a string of at most 255 characters)");
  if ((action === 'acknowledge' || action === 'resolve') && (typeof dedup !== 'string' || dedup === ''))
    errors.push("'dedup_key' is missing or blank");
  if (action === 'trigger') {
    const payload = event.payload;
    if (typeof payload !== 'object' || payload === null) errors.push("'payload' is missing or blank");
    else {
      const p = payload as Record<string, unknown>;
      if (typeof p.summary !== 'string' || p.summary.trim() === '')
        errors.push("'payload.summary' is missing or blank");
      else if (p.summary.length > 1024) errors.push("'payload.summary' is longer than 1024 characters");
      if (typeof p.source !== 'string' || p.source.trim() === '')
        errors.push("'payload.source' is missing or blank");
      if (typeof p.severity !== 'string' || !SEVERITIES.has(p.severity))
        errors.push("'payload.severity' is invalid (must be one of: critical, error, warning, info)");
      if (
        p.custom_details !== undefined &&
        (typeof p.custom_details !== 'object' || p.custom_details === null)
      )
        errors.push("'payload.custom_details' must be an object");
    }
  }
  return errors;
}

/** Starts the fake; `routingKeys` are the integration keys it knows (32 characters each). */
export async function startFakePagerDuty(options: { routingKeys: string[] }): Promise<FakePagerDuty> {
  const known = new Set(options.routingKeys);
  const events: ReceivedEvent[] = [];
  const alerts = new Map<string, 'triggered' | 'acknowledged' | 'resolved'>();
  const trouble: FakeTrouble[] = [];
  const sockets = new Set<Socket>();
  let requests = 0;

  const reply = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests += 1;
    if (req.method !== 'POST' || req.url !== '/v2/enqueue') return reply(res, 404, { status: 'not found' });
    const next = trouble.shift();
    if (next && 'hang' in next) return; // never answered; the socket is destroyed on close()
    if (next?.status === 429) {
      const headers: Record<string, string> =
        next.retryAfterSeconds !== undefined ? { 'retry-after': String(next.retryAfterSeconds) } : {};
      return reply(
        res,
        429,
        { status: 'throttle event', message: 'Requests for this service are arriving too quickly.' },
        headers,
      );
    }
    if (next?.status === 500) return reply(res, 500, { status: 'error', message: 'Internal error' });
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, 400, {
        status: 'invalid event',
        message: 'Event object is invalid',
        errors: ['Could not parse JSON'],
      });
    }
    const errors = eventErrors(body, known);
    if (errors.length > 0)
      return reply(res, 400, { status: 'invalid event', message: 'Event object is invalid', errors });
    const event = body as ReceivedEvent;
    const dedupKey = event.dedup_key || randomUUID().replace(/-/g, '');
    events.push({ ...event, dedup_key: dedupKey });
    const current = alerts.get(dedupKey);
    // Acknowledge and resolve apply to an open alert only; a trigger after resolve opens a new one.
    if (event.event_action === 'trigger' && current !== 'acknowledged') alerts.set(dedupKey, 'triggered');
    if (event.event_action === 'acknowledge' && current === 'triggered') alerts.set(dedupKey, 'acknowledged');
    if (event.event_action === 'resolve' && current !== undefined) alerts.set(dedupKey, 'resolved');
    reply(res, 202, { status: 'success', message: 'Event processed', dedup_key: dedupKey });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => reply(res, 500, { status: 'error', message: 'fake failed' }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/enqueue`,
    events,
    requests: () => requests,
    alerts: () => new Map(alerts),
    failNext(count, what) {
      for (let i = 0; i < count; i++) trouble.push(what);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

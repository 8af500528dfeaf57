// A tiny scripted HTTP server on 127.0.0.1:0 for the API client's unit tests: it answers each
// request with the next queued reply (or the default one) and records what it received.
import { afterEach, beforeEach } from 'vitest';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One canned answer; `body` objects are sent as JSON, strings as they are; `hang` never answers. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}

/** What the server saw. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Handle on a running scripted server. */
export interface ScriptedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queue replies, used in order; when the queue is empty the default reply is used. */
  enqueue(...replies: Reply[]): void;
  setDefault(reply: Reply): void;
  close(): Promise<void>;
}

/** An envelope around data, as the hosting API sends it. */
export function ok(data: unknown): Reply {
  return { status: 200, body: { message: 'OK', data } };
}

/** Starts a server whose default reply is a 500 (so an unexpected request shows up as a failure). */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Reply[] = [];
  let fallback: Reply = { status: 500, body: { message: 'no reply scripted' } };
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = queue.shift() ?? fallback;
      if (reply.hang) return;
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a scripted server before each test (handed to `use`) and closes it after, for every API suite. */
export function scriptedServerEachTest(use: (server: ScriptedServer) => void): void {
  let current: ScriptedServer | undefined;
  beforeEach(async () => {
    current = await startScriptedServer();
    use(current);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}

// The one HTTP server of `vpsops serve`, on PORT in every serve mode: /healthz, /readyz and
// /metrics, plus whatever adapters mount (Slack's /slack/events, later Discord interactions).
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../core/errors.js';
import type { Logger } from '../logger.js';
import type { Readiness } from './readiness.js';

/** What adapters get to put their own routes on the shared server. */
export interface HttpMount {
  /** Routes every request whose path is exactly `path` (any method) to `listener`; returns the unmount. */
  mount(path: string, listener: RequestListener): () => void;
  /** The port actually bound (meaningful once listening). */
  readonly port: number;
}

/** Settings of the serve HTTP server. */
export interface ServeHttpOptions {
  port: number;
  host?: string;
  ready: () => Promise<Readiness>;
  /** Extra lines of `/healthz?verbose` (e.g. "hosting API: down (NETWORK)"); liveness stays 200. */
  details?: () => Promise<string[]>;
  metrics: { text(): Promise<string>; readonly contentType: string };
  logger?: Logger;
}

/** The shared server: mount routes, listen, close. */
export interface ServeHttpServer extends HttpMount {
  listen(): Promise<number>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** Builds the server; nothing listens until listen(). */
export function createServeHttpServer(options: ServeHttpOptions): ServeHttpServer {
  const mounted = new Map<string, RequestListener>();
  const own: Record<string, (res: ServerResponse, query: URLSearchParams) => Promise<void>> = {
    '/healthz': async (res, query) => {
      const lines = query.has('verbose') && options.details ? await options.details() : [];
      send(res, 200, ['ok', ...lines].join('\n') + '\n');
    },
    '/readyz': async (res) => {
      const readiness = await options.ready();
      if (readiness.ready) send(res, 200, 'ready\n');
      else send(res, 503, `not ready: ${readiness.reason}\n`);
    },
    '/metrics': async (res) => send(res, 200, await options.metrics.text(), options.metrics.contentType),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { pathname: path, searchParams } = new URL(req.url ?? '/', 'http://localhost');
    const listener = mounted.get(path);
    if (listener) return listener(req, res);
    const route = own[path];
    if (!route) return send(res, 404, 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(res, 405, 'method not allowed\n');
    }
    await route(res, searchParams);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger?.error({ err: error, path: req.url?.split('?')[0] }, 'http request failed');
      if (!res.headersSent) send(res, 500, 'internal error\n');
      else res.end();
    });
  });
  let bound = options.port;

  return {
    get port() {
      return bound;
    },
    mount(path, listener) {
      if (path in own || mounted.has(path)) throw new Error(`HTTP route ${path} is already served`);
      mounted.set(path, listener);
      return () => {
        if (mounted.get(path) === listener) mounted.delete(path);
      };
    },
    listen() {
      return new Promise((resolve, reject) => {
        const failed = (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'EADDRINUSE' || error.code === 'EACCES'
              ? new ConfigError(
                  `cannot listen on PORT ${options.port} (${error.code}) — set PORT to a free port.`,
                )
              : error,
          );
        server.once('error', failed);
        server.listen({ port: options.port, host: options.host ?? '0.0.0.0' }, () => {
          server.off('error', failed);
          server.on('error', (error) => options.logger?.error({ err: error }, 'http server error'));
          bound = (server.address() as AddressInfo).port;
          resolve(bound);
        });
      });
    },
    close() {
      if (!server.listening) return Promise.resolve();
      return new Promise<void>((resolve) => {
        // Requests in flight get a moment to finish; idle keep-alive sockets are closed at once.
        const force = setTimeout(() => server.closeAllConnections(), 2_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

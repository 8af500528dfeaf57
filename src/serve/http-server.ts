// The HTTP server of `vpsops serve` — the process's only one: adapters never listen, they hand
// request listeners to mount() (Slack's /slack/events, Discord interactions). On PORT in every
// serve mode, with /healthz, /readyz and /metrics. With
// VPSOPS_ADMIN_PORT a second one serves the platform endpoints and PORT keeps only /healthz.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../core/index.js';
import type { Logger } from '../logger.js';
import type { Readiness } from './readiness.js';
import { trackAnswersOwed, type AnswersOwed } from './answers-owed.js';
import { capConnections } from './connection-cap.js';

/** What adapters get to put their own routes on the shared server. */
export interface HttpMount {
  /**
   * Routes requests whose path is exactly `path` and whose method is one of `methods` (default POST:
   * the platforms' webhooks) to `listener`; other methods get 405 with Allow. Returns the unmount.
   */
  mount(path: string, listener: RequestListener, methods?: readonly string[]): () => void;
  /** The port actually bound (meaningful once listening). */
  readonly port: number;
}

/** The endpoints the server answers itself. */
export type PlatformEndpoint = '/healthz' | '/readyz' | '/metrics';

/** Settings of the serve HTTP server. */
export interface ServeHttpOptions {
  port: number;
  /** The variable that set `port`, named when it cannot be bound; default PORT. */
  portVariable?: string;
  /** Which platform endpoints this server answers; default all three. */
  endpoints?: readonly PlatformEndpoint[];
  host?: string;
  ready: () => Promise<Readiness>;
  /** Extra lines of `/healthz?verbose` (e.g. "hosting API: down (NETWORK)"); liveness stays 200. */
  details?: () => Promise<string[]>;
  /** Extra lines of `/readyz?verbose` (the store's faults since start); the status is unchanged. */
  readyDetails?: () => Promise<string[]>;
  metrics: { text(): Promise<string>; readonly contentType: string };
  logger?: Logger;
  /** Limits that keep slow or idle clients from holding the port (defaults: HTTP_LIMITS). */
  limits?: Partial<HttpLimits>;
}

/** How long a client may take and how many may be connected at once. */
export interface HttpLimits {
  /** Time to receive the request headers (slowloris). */
  headersTimeoutMs: number;
  /** Time to receive the whole request. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept. */
  keepAliveTimeoutMs: number;
  /** A socket silent this long either way is closed (one that never sends a request, above all). */
  idleTimeoutMs: number;
  /** Connections beyond this shed the longest-idle one (or, all busy, are closed), so descriptors remain for /healthz and the store. */
  maxConnections: number;
}

/** Short enough that idle sockets cannot pile up; far above what Slack or Discord need (3 s to answer). */
export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 10_000,
  maxConnections: 512,
};

/** The shared server: mount routes, listen, close. */
export interface ServeHttpServer extends HttpMount {
  /** Answers this server still owes (admission holds command work back while any is). */
  readonly answersOwed: AnswersOwed;
  listen(): Promise<number>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** The request's path and query, or null when the target is not a path at all ("//", "//host:bad"). */
function targetOf(target: string | undefined): URL | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  try {
    return new URL(target, 'http://localhost');
  } catch {
    return null;
  }
}

/** A route this server answers itself, given the query. */
type OwnRoute = (res: ServerResponse, query: URLSearchParams) => Promise<void>;

/** The platform's own endpoints this server answers (health, readiness, metrics). */
function ownRoutes(options: ServeHttpOptions): Record<string, OwnRoute> {
  const all: Record<PlatformEndpoint, OwnRoute> = {
    '/healthz': async (res, query) => {
      const lines = query.has('verbose') && options.details ? await options.details() : [];
      send(res, 200, ['ok', ...lines].join('\n') + '\n');
    },
    '/readyz': async (res, query) => {
      const readiness = await options.ready();
      const lines = query.has('verbose') && options.readyDetails ? await options.readyDetails() : [];
      const head = readiness.ready ? 'ready' : `not ready: ${readiness.reason}`;
      send(res, readiness.ready ? 200 : 503, [head, ...lines].join('\n') + '\n');
    },
    '/metrics': async (res) => send(res, 200, await options.metrics.text(), options.metrics.contentType),
  };
  return Object.fromEntries(
    (options.endpoints ?? ['/healthz', '/readyz', '/metrics']).map((path) => [path, all[path]]),
  );
}

/** Where a request goes: a mounted adapter listener (its methods only), else one of the own routes (GET, HEAD). */
function routed(own: Record<string, OwnRoute>, mounted: ReadonlyMap<string, Mounted>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = targetOf(req.url);
    const path = target?.pathname ?? null;
    const route = path === null ? undefined : own[path];
    const mount = path === null ? undefined : mounted.get(path);
    if (mount) {
      if (mount.methods.includes(req.method ?? '')) return mount.listener(req, res);
      res.setHeader('allow', mount.methods.join(', '));
      return send(res, 405, 'method not allowed\n');
    }
    if (!route) return send(res, 404, 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(res, 405, 'method not allowed\n');
    }
    await route(res, target!.searchParams);
  };
}

/** The node server, with the limits that keep slow or idle clients from holding the port. */
function boundedServer(
  limits: HttpLimits,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  logger: Logger | undefined,
): Server {
  // Timeouts are enforced on this interval (Node's default, 30 s, would let idle sockets linger).
  const checkEveryMs = Math.min(1_000, limits.headersTimeoutMs);
  const server: Server = createServer({ connectionsCheckingInterval: checkEveryMs }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger?.error({ err: error, path: req.url?.split('?')[0] }, 'http request failed');
      if (!res.headersSent) send(res, 500, 'internal error\n');
      else res.end();
    });
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // The cap sheds idle connections first (Node's maxConnections would drop the newest: a probe).
  capConnections(server, limits.maxConnections);
  // headersTimeout only starts with a request's first byte; a socket that never sends one needs this.
  server.timeout = limits.idleTimeoutMs;
  return server;
}

/** An adapter's listener, mounted on a path. */
type Mounted = { listener: RequestListener; methods: readonly string[] };

/** Builds the server; nothing listens until listen(). */
export function createServeHttpServer(options: ServeHttpOptions): ServeHttpServer {
  const mounted = new Map<string, Mounted>();
  const limits = { ...HTTP_LIMITS, ...options.limits };
  const own = ownRoutes(options);
  const portVariable = options.portVariable ?? 'PORT';
  const server = boundedServer(limits, routed(own, mounted), options.logger);
  const answersOwed = trackAnswersOwed(server);
  let bound = options.port;

  return {
    answersOwed,
    get port() {
      return bound;
    },
    mount(path, listener, methods = ['POST']) {
      if (path in own || mounted.has(path)) throw new Error(`HTTP route ${path} is already served`);
      const entry = { listener, methods };
      mounted.set(path, entry);
      return () => {
        if (mounted.get(path) === entry) mounted.delete(path);
      };
    },
    listen() {
      return new Promise((resolve, reject) => {
        const failed = (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'EADDRINUSE' || error.code === 'EACCES'
              ? new ConfigError(
                  `cannot listen on ${portVariable} ${options.port} (${error.code}) — set ${portVariable} to a free port.`,
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

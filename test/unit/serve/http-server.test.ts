// The serve HTTP server: /healthz (?verbose adds the hosting API's health), /readyz (store ping, 503
// naming it; never the hosting API), /metrics in the Prometheus format, mounted adapter routes and 404s.
import { request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostingApi } from '../../../src/api/index.js';
import { createBotMetrics } from '../../../src/observability/metrics.js';
import {
  createServeHttpServer,
  type ServeHttpOptions,
  type ServeHttpServer,
} from '../../../src/serve/http-server.js';
import { apiProbe, createApiHealth } from '../../../src/serve/api-health.js';
import { createReadiness, type Readiness } from '../../../src/serve/readiness.js';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { createLogger } from '../../../src/logger.js';

let sim: SimulatorHandle;
let closedPort: number;

beforeAll(async () => {
  sim = await startSimulator();
  // A port nothing listens on: bound, read, released.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  await sim.close();
});

const simApi = () => createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0 });
const deadApi = () =>
  createHostingApi({ baseUrl: `http://127.0.0.1:${closedPort}/v1`, apiKey: 'k-secret-123', retries: 0 });

/** Runs `fn` against a server on a free loopback port; always closed. */
async function withServer(
  ready: () => Promise<Readiness>,
  fn: (base: string, server: ServeHttpServer) => Promise<void>,
  extra: Pick<ServeHttpOptions, 'limits' | 'logger'> = {},
): Promise<void> {
  const metrics = createBotMetrics({ commands: ['instance show'] });
  const server = createServeHttpServer({ port: 0, host: '127.0.0.1', ready, metrics, ...extra });
  try {
    const port = await server.listen();
    expect(server.port).toBe(port);
    await fn(`http://127.0.0.1:${port}`, server);
  } finally {
    await server.close();
  }
}

describe('GET /readyz', () => {
  it('answers 200 when the store pings, without asking the hosting API', async () => {
    const store = createMemoryStore();
    const before = sim.countRequests('systems.list');
    const ready = createReadiness({ pingStore: () => store.ping() });
    await withServer(ready, async (base) => {
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('ready\n');
    });
    expect(sim.countRequests('systems.list')).toBe(before);
  });

  it('answers 503 naming the store when its ping fails', async () => {
    const ready = createReadiness({
      pingStore: () => Promise.reject(new Error('redis://:hunter2@redis:6379 refused')),
    });
    await withServer(ready, async (base) => {
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toBe('not ready: store not reachable: failed\n');
      expect(body).not.toContain('hunter2');
    });
  });

  it('stays ready while the hosting API is down; /healthz?verbose and vpsops_hosting_api_up say it is down, without the key', async () => {
    const store = createMemoryStore();
    const health = createApiHealth({ probeApi: apiProbe(deadApi()) });
    const metrics = createBotMetrics({ commands: [] });
    metrics.observeHostingApi(async () => (await health()).up);
    const server = createServeHttpServer({
      port: 0,
      host: '127.0.0.1',
      ready: createReadiness({ pingStore: () => store.ping() }),
      metrics,
      details: async () => {
        const h = await health();
        return [h.up ? 'hosting API: up' : `hosting API: down (${h.reason})`];
      },
    });
    try {
      const base = `http://127.0.0.1:${await server.listen()}`;
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      const verbose = await fetch(`${base}/healthz?verbose`);
      expect(verbose.status).toBe(200);
      const body = await verbose.text();
      expect(body).toBe('ok\nhosting API: down (NETWORK)\n');
      expect(body).not.toContain('k-secret-123');
      expect(await (await fetch(`${base}/healthz`)).text()).toBe('ok\n');
      expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^vpsops_hosting_api_up 0$/m);
    } finally {
      await server.close();
    }
  });

  it('reports the hosting API up when it answers, and names a refused key', async () => {
    expect(await createApiHealth({ probeApi: apiProbe(simApi()) })()).toEqual({ up: true });
    const api = createHostingApi({ baseUrl: sim.url, apiKey: 'wrong-key', retries: 0 });
    expect(await createApiHealth({ probeApi: apiProbe(api) })()).toEqual({
      up: false,
      reason: 'UNAUTHORIZED (HTTP 401)',
    });
  });

  it('reuses the API probe result for the cache period and shares a probe in flight', async () => {
    let t = 0;
    let probes = 0;
    let fail = false;
    const health = createApiHealth({
      probeApi: async () => {
        probes += 1;
        if (fail) throw new Error('down');
      },
      cacheMs: 5_000,
      now: () => t,
    });
    await Promise.all([health(), health(), health()]);
    expect(probes).toBe(1);
    fail = true;
    t += 4_999;
    expect(await health()).toEqual({ up: true });
    expect(probes).toBe(1);
    t += 1;
    expect(await health()).toEqual({ up: false, reason: 'failed' });
    expect(probes).toBe(2);
  });

  it('gives up on a store that does not answer in time', async () => {
    const ready = createReadiness({ pingStore: () => new Promise(() => undefined), timeoutMs: 20 });
    expect(await ready()).toEqual({ ready: false, reason: 'store not reachable: no answer within 20 ms' });
  });
});

describe('the serve HTTP server', () => {
  it('serves /healthz, /metrics, mounted routes and 404s', async () => {
    await withServer(
      async () => ({ ready: true }),
      async (base, server) => {
        const health = await fetch(`${base}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.text()).toBe('ok\n');
        const metrics = await fetch(`${base}/metrics`);
        expect(metrics.status).toBe(200);
        expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = await metrics.text();
        expect(text).toContain('# TYPE vpsops_commands_total counter');
        expect(text).toContain('vpsops_confirmations_total{outcome="refused"} 0');
        expect((await fetch(`${base}/slack/events`)).status).toBe(404);
        const unmount = server.mount('/slack/events', (_req, res) => res.writeHead(204).end());
        expect(() => server.mount('/metrics', () => undefined)).toThrow(/already served/);
        expect((await fetch(`${base}/slack/events`, { method: 'POST' })).status).toBe(204);
        unmount();
        expect((await fetch(`${base}/slack/events`, { method: 'POST' })).status).toBe(404);
        expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(405);
      },
    );
  });

  it('answers only the platform endpoints it is given (the public port beside VPSOPS_ADMIN_PORT)', async () => {
    const metrics = createBotMetrics({ commands: [] });
    const server = createServeHttpServer({
      port: 0,
      host: '127.0.0.1',
      endpoints: ['/healthz'],
      ready: async () => ({ ready: true }),
      metrics,
    });
    try {
      const base = `http://127.0.0.1:${await server.listen()}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/readyz`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('names the variable of the port it cannot bind (VPSOPS_ADMIN_PORT)', async () => {
    await withServer(
      async () => ({ ready: true }),
      async (_base, first) => {
        const second = createServeHttpServer({
          port: first.port,
          portVariable: 'VPSOPS_ADMIN_PORT',
          host: '127.0.0.1',
          ready: async () => ({ ready: true }),
          metrics: createBotMetrics({ commands: [] }),
        });
        await expect(second.listen()).rejects.toThrow(
          `cannot listen on VPSOPS_ADMIN_PORT ${first.port} (EADDRINUSE) — set VPSOPS_ADMIN_PORT to a free port.`,
        );
      },
    );
  });

  it('says which PORT is taken when it cannot listen', async () => {
    await withServer(
      async () => ({ ready: true }),
      async (_base, first) => {
        const metrics = createBotMetrics({ commands: [] });
        const second = createServeHttpServer({
          port: first.port,
          host: '127.0.0.1',
          ready: async () => ({ ready: true }),
          metrics,
        });
        await expect(second.listen()).rejects.toThrow(
          `cannot listen on PORT ${first.port} (EADDRINUSE) — set PORT to a free port.`,
        );
      },
    );
  });
});

/** Sends `GET <target>` verbatim (fetch would normalise "//x"); resolves with the status and Allow. */
function rawGet(port: number, target: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Retries `probe` until it resolves (a refused or reset connection is retried); gives up after 20 s. */
async function eventuallyAnswers<T>(probe: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('requests that match no route', () => {
  it('answers 404 to odd targets and 405 with Allow to GET on a POST-only mount, logging no error', async () => {
    const errors: unknown[] = [];
    const logger = createLogger({
      destination: new Writable({
        write(chunk: Buffer, _enc, done) {
          if (/"level":(50|60)/.test(chunk.toString('utf8'))) errors.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    await withServer(
      async () => ({ ready: true }),
      async (_base, server) => {
        server.mount('/slack/events', (_req, res) => res.writeHead(204).end());
        for (const target of ['//x', '//', '//x:99999/healthz', '//[', '*'])
          expect((await rawGet(server.port, target)).status, target).toBe(404);
        expect(await rawGet(server.port, '/slack/events')).toEqual({ status: 405, allow: 'POST' });
      },
      { logger },
    );
    expect(errors).toEqual([]);
  });
});

describe('slow and idle clients', { timeout: 60_000 }, () => {
  it('cannot hold the port: idle sockets beyond the cap are dropped and the rest time out', async () => {
    const sockets: Socket[] = [];
    try {
      await withServer(
        async () => ({ ready: true }),
        async (_base, server) => {
          server.mount('/slack/events', (_req, res) => res.writeHead(200).end('acked'));
          // Three times the cap of idle connections that never send a byte (a slowloris).
          for (let i = 0; i < 60; i += 1) {
            const socket = connect(server.port, '127.0.0.1');
            socket.on('error', () => undefined);
            sockets.push(socket);
          }
          await Promise.all(
            sockets.map((s) => new Promise((resolve) => s.once('connect', resolve).once('close', resolve))),
          );
          const health = await eventuallyAnswers(() => rawGet(server.port, '/healthz'));
          expect(health.status).toBe(200);
          const posted = await eventuallyAnswers(
            () =>
              new Promise<number>((resolve, reject) => {
                const req = request(
                  { host: '127.0.0.1', port: server.port, path: '/slack/events', method: 'POST' },
                  (res) => {
                    res.resume();
                    res.on('end', () => resolve(res.statusCode ?? 0));
                  },
                );
                req.on('error', reject);
                req.end('text=status');
              }),
          );
          expect(posted).toBe(200);
          // Every idle socket was closed by the server (over the cap, or its header timeout).
          await eventuallyAnswers(async () => {
            if (sockets.some((s) => !s.destroyed && s.readyState !== 'closed')) throw new Error('still open');
          });
        },
        {
          limits: {
            maxConnections: 20,
            headersTimeoutMs: 1_000,
            requestTimeoutMs: 2_000,
            idleTimeoutMs: 1_000,
          },
        },
      );
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('sheds the oldest idle connection for a new one, so a probe is answered at once; a request in progress is never shed', async () => {
    const sockets: Socket[] = [];
    let release: (() => void) | undefined;
    try {
      await withServer(
        async () => ({ ready: true }),
        async (_base, server) => {
          // A request the server is still working on when the idle flood arrives.
          server.mount('/slack/events', (_req, res) => {
            release = () => res.writeHead(200).end('acked');
          });
          const inProgress = new Promise<number>((resolve, reject) => {
            const req = request(
              { host: '127.0.0.1', port: server.port, path: '/slack/events', method: 'POST', agent: false },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.on('error', reject);
            req.end('text=status');
          });
          await vi.waitFor(() => expect(release).toBeDefined());
          // Three times the cap of idle connections: half never send a byte, half a partial header.
          for (let i = 0; i < 60; i += 1) {
            const socket = connect(server.port, '127.0.0.1', () => {
              if (i % 2 === 0) socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
            });
            socket.on('error', () => undefined);
            sockets.push(socket);
          }
          await Promise.all(
            sockets.map((s) => new Promise((resolve) => s.once('connect', resolve).once('close', resolve))),
          );
          // First try, no retry: the timeouts are far away, the cap alone makes room.
          expect((await rawGet(server.port, '/healthz')).status).toBe(200);
          expect((await rawGet(server.port, '/readyz')).status).toBe(200);
          release?.();
          expect(await inProgress).toBe(200);
          // The oldest idle ones were shed.
          await vi.waitFor(() =>
            expect(
              sockets.filter((s) => s.destroyed || s.readyState === 'closed').length,
            ).toBeGreaterThanOrEqual(40),
          );
        },
        {
          limits: {
            maxConnections: 20,
            headersTimeoutMs: 60_000,
            requestTimeoutMs: 60_000,
            idleTimeoutMs: 60_000,
          },
        },
      );
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

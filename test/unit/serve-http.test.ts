// The serve HTTP server: /healthz, /readyz (store ping + cached hosting-API probe, 503 naming the
// failed dependency), /metrics in the Prometheus format, mounted adapter routes and 404s.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostingApi } from '../../src/api/index.js';
import { createBotMetrics } from '../../src/observability/metrics.js';
import { createServeHttpServer, type ServeHttpServer } from '../../src/serve/http-server.js';
import { apiProbe, createReadiness, type Readiness } from '../../src/serve/readiness.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { createMemoryStore } from '../../src/store/table-store.js';

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
): Promise<void> {
  const metrics = createBotMetrics({ commands: ['instance show'] });
  const server = createServeHttpServer({ port: 0, host: '127.0.0.1', ready, metrics });
  try {
    const port = await server.listen();
    expect(server.port).toBe(port);
    await fn(`http://127.0.0.1:${port}`, server);
  } finally {
    await server.close();
  }
}

describe('GET /readyz', () => {
  it('answers 200 when the store pings and the hosting API answers', async () => {
    const store = createMemoryStore();
    const ready = createReadiness({ pingStore: () => store.ping(), probeApi: apiProbe(simApi()) });
    await withServer(ready, async (base) => {
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('ready\n');
    });
    expect(sim.countRequests('systems.list')).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 naming the store when its ping fails', async () => {
    const ready = createReadiness({
      pingStore: () => Promise.reject(new Error('redis://:hunter2@redis:6379 refused')),
      probeApi: apiProbe(simApi()),
    });
    await withServer(ready, async (base) => {
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toBe('not ready: store not reachable: failed\n');
      expect(body).not.toContain('hunter2');
    });
  });

  it('answers 503 naming the hosting API when it is unreachable, without the key', async () => {
    const store = createMemoryStore();
    const ready = createReadiness({ pingStore: () => store.ping(), probeApi: apiProbe(deadApi()) });
    await withServer(ready, async (base) => {
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toBe('not ready: hosting API not reachable: NETWORK\n');
      expect(body).not.toContain('k-secret-123');
    });
  });

  it('answers 503 when the hosting API refuses the key', async () => {
    const api = createHostingApi({ baseUrl: sim.url, apiKey: 'wrong-key', retries: 0 });
    const ready = createReadiness({ pingStore: async () => undefined, probeApi: apiProbe(api) });
    const result = await ready();
    expect(result).toEqual({ ready: false, reason: 'hosting API not reachable: UNAUTHORIZED (HTTP 401)' });
  });

  it('reuses the API probe result for the cache period and shares a probe in flight', async () => {
    let t = 0;
    let probes = 0;
    let fail = false;
    const ready = createReadiness({
      pingStore: async () => undefined,
      probeApi: async () => {
        probes += 1;
        if (fail) throw new Error('down');
      },
      cacheMs: 5_000,
      now: () => t,
    });
    await Promise.all([ready(), ready(), ready()]);
    expect(probes).toBe(1);
    fail = true;
    t += 4_999;
    expect(await ready()).toEqual({ ready: true });
    expect(probes).toBe(1);
    t += 1;
    expect(await ready()).toEqual({ ready: false, reason: 'hosting API not reachable: failed' });
    expect(probes).toBe(2);
  });

  it('gives up on a dependency that does not answer in time', async () => {
    const ready = createReadiness({
      pingStore: () => new Promise(() => undefined),
      probeApi: async () => undefined,
      timeoutMs: 20,
    });
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

// The serve HTTP server: /healthz (?verbose adds the hosting API's health), /readyz (store ping, 503
// naming it; never the hosting API), /metrics in the Prometheus format, mounted adapter routes and 404s.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostingApi } from '../../src/api/index.js';
import { createBotMetrics } from '../../src/observability/metrics.js';
import { createServeHttpServer, type ServeHttpServer } from '../../src/serve/http-server.js';
import { apiProbe, createApiHealth } from '../../src/serve/api-health.js';
import { createReadiness, type Readiness } from '../../src/serve/readiness.js';
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

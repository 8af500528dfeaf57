// A tenant whose key meets the hosting API's 429 backs off alone: its request waits for Retry-After
// in its own client, while another tenant's request, sent meanwhile, is answered at once.
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHostingApi } from '../../../src/api/index.js';
import { createEnvelope } from '../../../src/secrets/envelope.js';
import { startSimulator } from '../../../src/simulator/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantHostingApi } from '../../../src/tenants/tenant-api.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantRecord,
} from '../../../src/tenants/tenant-directory.js';
import { stopAll } from '../../support/cleanup.js';

const KEY_A = 'hk-key-of-tenant-a-AAAA';
const KEY_B = 'hk-key-of-tenant-b-BBBB';

/** Forwards to the simulator with its key; tenant A's first request gets a 429 (Retry-After: 1). */
async function limitingProxy(upstreamUrl: string, upstreamKey: string) {
  const target = new URL(upstreamUrl);
  let limitedA = false;
  let told!: () => void;
  const limited = new Promise<void>((resolve) => (told = resolve));
  const server: Server = createServer((req, res) => {
    const key = String(req.headers['x-apikey'] ?? '');
    if (key === KEY_A && !limitedA) {
      limitedA = true;
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'slow down' }), told);
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host, 'x-apikey': upstreamKey },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${target.pathname}`, server, limited };
}

describe('the hosting API’s 429, per tenant', () => {
  it('holds up only the tenant that met it', async () => {
    const sim = await startSimulator({ port: 0 });
    const proxy = await limitingProxy(sim.url, sim.apiKey);
    try {
      const directory = createTenantDirectory(
        createMemoryStore().collection<TenantRecord>(TENANTS_COLLECTION),
        createEnvelope(randomBytes(32)),
      );
      await directory.linkApiKey('slack:TA', KEY_A, 'slack:U1', 1);
      await directory.linkApiKey('slack:TB', KEY_B, 'slack:U1', 1);
      const api = tenantHostingApi({
        directory,
        clientFor: (apiKey) => createHostingApi({ baseUrl: proxy.url, apiKey, timeoutMs: 5_000 }),
      });
      const finished: string[] = [];
      const a = runInTenant({ id: 'slack:TA' }, () => api.systems.list()).then(() => finished.push('A'));
      // A's 429 has been sent (its client now waits for Retry-After) before B asks.
      await proxy.limited;
      const b = runInTenant({ id: 'slack:TB' }, () => api.systems.list()).then(() => finished.push('B'));
      await Promise.all([a, b]);
      expect(finished).toEqual(['B', 'A']);
    } finally {
      await stopAll(
        () => new Promise<void>((resolve) => proxy.server.close(() => resolve())),
        () => sim.close(),
      );
    }
  });
});

// Many-tenant mode's metrics: /metrics (per-tenant series) answers only on VPSOPS_ADMIN_PORT, never
// on the public port; each tenant's label is an HMAC keyed by a secret derived from
// VPSOPS_ENCRYPTION_KEY — not a hash anyone can compute from a team or guild id.
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openTenancy } from '../../../src/app/tenancy.js';
import { loadConfig } from '../../../src/app/config/load.js';
import { silentLogger } from '../../../src/logger.js';
import { createServeObservability } from '../../../src/serve/observability.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { manyTenantEnv } from '../../support/many-tenant-env.js';

const status = (port: number, path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

async function served(options: { adminPort?: number; metricsAdminOnly?: boolean }) {
  const obs = createServeObservability({ port: 0, commands: [], logger: silentLogger(), ...options });
  const ports = await obs.listen();
  try {
    return {
      public: await status(ports.port, '/metrics'),
      ...(ports.adminPort !== undefined ? { admin: await status(ports.adminPort, '/metrics') } : {}),
    };
  } finally {
    await obs.close();
  }
}

const labelsUnder = (key: string) => {
  const config = loadConfig(manyTenantEnv({ VPSOPS_ENCRYPTION_KEY: key }));
  const { scope } = openTenancy(config, createMemoryStore(), () => fakeHostingApi({}));
  return ['slack:TA', 'discord:920000000000000001'].map((tenant) => scope.label?.(tenant));
};

describe('metrics in many-tenant mode', () => {
  it('answers /metrics only on the admin port', async () => {
    expect(await served({ metricsAdminOnly: true })).toEqual({ public: 404 });
    expect(await served({ metricsAdminOnly: true, adminPort: 0 })).toEqual({ public: 404, admin: 200 });
    // Single-tenant mode without an admin port keeps /metrics where it was.
    expect(await served({})).toEqual({ public: 200 });
  });

  it('labels each tenant with a keyed hash: stable under one key, unguessable without it', async () => {
    const key = randomBytes(32).toString('base64');
    const [a, b] = labelsUnder(key);
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(b).toMatch(/^[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(labelsUnder(key)).toEqual([a, b]);
    expect(labelsUnder(randomBytes(32).toString('base64'))).not.toEqual([a, b]);
    expect(a).not.toBe(createHash('sha256').update('slack:TA').digest('hex').slice(0, 12));
  });
});

// The VPSOPS_ENCRYPTION_KEY check runs when serve starts, whoever probes (Docker and compose probe
// only /healthz): a wrong key is logged at error once and /readyz fails with it; while rotating, the
// data keys of both tenants are re-wrapped at start, with no /readyz request at all.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../../../src/app/create-app.js';
import { openTenancy } from '../../../src/app/tenancy.js';
import { loadConfig } from '../../../src/app/config/load.js';
import type { BotStore } from '../../../src/core/index.js';
import { createLogger, type Logger } from '../../../src/logger.js';
import { createServeObservability } from '../../../src/serve/observability.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { manyTenantEnv } from '../../support/many-tenant-env.js';

const A = 'slack:TA';
const B = 'discord:920000000000000001';
const MISMATCH = 'VPSOPS_ENCRYPTION_KEY does not match the stored data';
const newKey = () => randomBytes(32).toString('base64');
const tenancyOn = (store: BotStore, key: string, previous?: string, logger?: Logger) =>
  openTenancy(
    loadConfig(
      manyTenantEnv({
        VPSOPS_ENCRYPTION_KEY: key,
        ...(previous ? { VPSOPS_ENCRYPTION_KEY_PREVIOUS: previous } : {}),
      }),
    ),
    store,
    () => fakeHostingApi({}),
    logger ? { logger } : {},
  );

const readyz = (port: number) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** A serve process's observability over `store` with `key` (and `previous`), attached as runServe does. */
function serveStart(store: BotStore, key: string, previous?: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  });
  const tenancy = tenancyOn(store, key, previous, logger);
  const obs = createServeObservability({ port: 0, commands: [], logger });
  obs.attach({ store, tenancy, api: fakeHostingApi({}) } as unknown as App);
  obs.started();
  return { obs, lines };
}

async function twoTenants(key: string) {
  const store = createMemoryStore();
  const first = tenancyOn(store, key);
  await first.directory.linkApiKey(A, 'hk-tenant-a-key-0123-AAAA', 'slack:U1', 1);
  await first.directory.linkApiKey(B, 'hk-tenant-b-key-4567-BBBB', 'discord:2', 1);
  expect(await first.keyProblem()).toBeNull(); // the canary
  return store;
}

describe('the encryption key checked at serve start', () => {
  it('logs a wrong key at error once without any probe, and /readyz fails with it', async () => {
    const store = await twoTenants(newKey());
    const { obs, lines } = serveStart(store, newKey());
    const { port } = await obs.listen();
    try {
      await vi.waitFor(() => expect(lines.filter((l) => l.msg === MISMATCH)).toHaveLength(1));
      expect(lines.find((l) => l.msg === MISMATCH)?.level).toBe(50);
      expect(await readyz(port)).toMatchObject({ status: 503, body: expect.stringContaining(MISMATCH) });
      expect(lines.filter((l) => l.msg === MISMATCH)).toHaveLength(1);
    } finally {
      await obs.close();
    }
  });

  it('re-wraps both tenants at start while rotating, with no /readyz request', async () => {
    const old = newKey();
    const store = await twoTenants(old);
    const next = newKey();
    const { lines } = serveStart(store, next, old);
    await vi.waitFor(() =>
      expect(lines.find((l) => String(l.msg).startsWith('data keys re-wrapped'))).toMatchObject({ count: 2 }),
    );
    // The old key destroyed: the new one alone opens both tenants and the canary.
    const rotated = tenancyOn(store, next);
    expect(await rotated.keyProblem()).toBeNull();
    expect(await rotated.directory.apiKey(A)).toBe('hk-tenant-a-key-0123-AAAA');
    expect(await rotated.directory.apiKey(B)).toBe('hk-tenant-b-key-4567-BBBB');
  });
});

// VPSOPS_ENCRYPTION_KEY against what is stored, with two tenants: a wrong or rotated key fails
// /readyz with "VPSOPS_ENCRYPTION_KEY does not match the stored data" (checked on a canary, or on a
// tenant's data key in a store written before the canary); while rotating, the previous key is
// accepted and every data key is re-wrapped under the new one; a tenant whose own key cannot be
// opened is told so, not "Unknown instance".
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app/create-app.js';
import { openTenancy } from '../../../src/app/tenancy.js';
import { loadConfig } from '../../../src/app/config/load.js';
import { createLogger } from '../../../src/logger.js';
import type { BotStore } from '../../../src/core/index.js';
import { renderText } from '../../../src/render/text.js';
import { createEnvelope } from '../../../src/secrets/envelope.js';
import { createReadiness } from '../../../src/serve/readiness.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { TENANTS_COLLECTION, type TenantRecord } from '../../../src/tenants/tenant-directory.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { recordingResponder } from '../../support/core-fakes.js';
import { manyTenantEnv } from '../../support/many-tenant-env.js';

const A = 'slack:TA';
const B = 'discord:920000000000000001';
const KEY_A = 'hk-tenant-a-key-0123-AAAA';
const KEY_B = 'hk-tenant-b-key-4567-BBBB';
const MISMATCH = 'VPSOPS_ENCRYPTION_KEY does not match the stored data';
const dir = mkdtempSync(join(tmpdir(), 'vpsops-encryption-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const newKey = () => randomBytes(32).toString('base64');
const env = (key: string, previous?: string) =>
  manyTenantEnv({
    VPSOPS_DATA_DIR: join(dir, 'data'),
    VPSOPS_ENCRYPTION_KEY: key,
    ...(previous ? { VPSOPS_ENCRYPTION_KEY_PREVIOUS: previous } : {}),
  });
const tenancyOn = (store: BotStore, key: string, previous?: string, lines: string[] = []) =>
  openTenancy(loadConfig(env(key, previous)), store, () => fakeHostingApi({}), {
    logger: createLogger({
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    }),
  });

/** A store holding two tenants' keys sealed under `key`. */
async function twoTenants(key: string) {
  const store = createMemoryStore();
  const first = tenancyOn(store, key);
  await first.directory.linkApiKey(A, KEY_A, 'slack:U1', 1);
  await first.directory.linkApiKey(B, KEY_B, 'discord:2', 1);
  return { store, first };
}

describe('VPSOPS_ENCRYPTION_KEY and the stored data', () => {
  it('fails readiness with a wrong key, on the canary or (before it existed) on a tenant’s data key', async () => {
    const key = newKey();
    const { store, first } = await twoTenants(key);
    // No canary yet: a tenant's data key is the probe.
    expect(await tenancyOn(store, newKey()).keyProblem()).toBe(MISMATCH);
    expect(await first.keyProblem()).toBeNull();
    const wrong = tenancyOn(store, newKey());
    expect(await wrong.keyProblem()).toBe(MISMATCH);
    const ready = createReadiness({ pingStore: async () => undefined, keyProblem: () => wrong.keyProblem() });
    expect(await ready()).toEqual({ ready: false, reason: MISMATCH });
    expect(
      await createReadiness({ pingStore: async () => undefined, keyProblem: first.keyProblem })(),
    ).toEqual({
      ready: true,
    });
  });

  it('reads no tenant at start when no previous key is set (10,000 tenants cost nothing at start)', async () => {
    const key = newKey();
    const { store, first } = await twoTenants(key);
    expect(await first.keyProblem()).toBeNull(); // the canary is written
    const reads: string[] = [];
    const counted = new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'collection') return Reflect.get(target, property, receiver) as unknown;
        return (name: string) => {
          const collection = target.collection(name);
          if (name !== TENANTS_COLLECTION) return collection;
          return new Proxy(collection, {
            get(inner, method, innerReceiver) {
              const value = Reflect.get(inner, method, innerReceiver) as unknown;
              if (typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                reads.push(String(method));
                return (value as (...a: unknown[]) => unknown).apply(inner, args);
              };
            },
          });
        };
      },
    });
    expect(await tenancyOn(counted, key).keyProblem()).toBeNull();
    expect(reads).toEqual([]);
  });

  it('accepts the previous key while rotating and re-wraps every tenant under the new one', async () => {
    const old = newKey();
    const { store, first } = await twoTenants(old);
    expect(await first.keyProblem()).toBeNull();
    const next = newKey();
    expect(await tenancyOn(store, next).keyProblem()).toBe(MISMATCH);
    const rotating = tenancyOn(store, next, old);
    expect(await rotating.keyProblem()).toBeNull();
    expect(await rotating.directory.apiKey(A)).toBe(KEY_A);
    // Re-wrapped: the new key alone opens both tenants and the canary; the old one no longer does.
    const rotated = tenancyOn(store, next);
    expect(await rotated.keyProblem()).toBeNull();
    expect([await rotated.directory.apiKey(A), await rotated.directory.apiKey(B)]).toEqual([KEY_A, KEY_B]);
    expect(await tenancyOn(store, old).keyProblem()).toBe(MISMATCH);
  });

  it('re-wraps every tenant it can open while rotating though one cannot be opened, and logs that one', async () => {
    const old = newKey();
    const store = createMemoryStore();
    const first = tenancyOn(store, old);
    expect(await first.keyProblem()).toBeNull(); // the canary, under the old key
    // TA first in the scan, sealed by another deployment's key; TB and TC under the old key.
    const TA = 'slack:TA';
    const [TB, TC] = ['slack:TB', 'discord:920000000000000003'];
    await first.directory.linkApiKey(TA, KEY_A, 'slack:U1', 1);
    const other = createEnvelope(randomBytes(32));
    const records = store.collection<TenantRecord>(TENANTS_COLLECTION);
    const dataKey = other.newDataKey(TA);
    await records.put(TA, { ...(await records.get(TA))!, dataKey, apiKey: other.seal(TA, dataKey, KEY_A) });
    await first.directory.linkApiKey(TB, KEY_B, 'slack:U2', 1);
    await first.directory.linkApiKey(TC, 'hk-tenant-c-key-89AB-CCCC', 'discord:3', 1);
    const next = newKey();
    const lines: string[] = [];
    expect(await tenancyOn(store, next, old, lines).keyProblem()).toBeNull();
    const error = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((l) => l.level === 50);
    expect(error).toMatchObject({ count: 1, tenants: [TA] });
    // The old key destroyed: TB and TC still open under the new key alone.
    const rotated = tenancyOn(store, next);
    expect(await rotated.directory.apiKey(TB)).toBe(KEY_B);
    expect(await rotated.directory.apiKey(TC)).toBe('hk-tenant-c-key-89AB-CCCC');
  });

  it('is not ready when the key check itself fails', async () => {
    const ready = createReadiness({
      pingStore: async () => undefined,
      keyProblem: () => Promise.reject(Object.assign(new Error('redis://:pw@h'), { code: 'ECONNRESET' })),
    });
    expect(await ready()).toEqual({ ready: false, reason: 'encryption key check failed: ECONNRESET' });
  });

  it('tells a tenant whose key cannot be opened so, and the other tenant is not held up', async () => {
    const app = await createApp(loadConfig(env(newKey())), { charts: null, tracker: null });
    try {
      await app.tenancy!.directory.linkApiKey(A, KEY_A, 'slack:U1', 1);
      await app.tenancy!.directory.linkApiKey(B, KEY_B, 'discord:2', 1);
      // A's record sealed under another master key (a restore from another deployment, say).
      const other = createEnvelope(randomBytes(32));
      const records = app.store.collection<TenantRecord>(TENANTS_COLLECTION);
      const dataKey = other.newDataKey(A);
      const record = (await records.get(A))!;
      await records.put(A, { ...record, dataKey, apiKey: other.seal(A, dataKey, KEY_A) });
      const said = async (tenant: string) => {
        const responder = recordingResponder('C1');
        await runInTenant({ id: tenant }, () =>
          app.dispatcher.dispatch(
            {
              id: `inv-${tenant}`,
              platform: 'slack',
              actor: { platform: 'slack', userId: 'U1', displayName: 'ada' },
              channelId: 'C1',
              input: { kind: 'text', text: 'instance show web-1' },
            },
            responder,
          ),
        );
        return responder.replies.map((r) => renderText(r.message)).join('\n');
      };
      const answerA = await said(A);
      expect(answerA).toContain('stored credentials cannot be read — tell the operator');
      expect(answerA).not.toContain('Unknown instance');
      expect(await said(B)).not.toContain('stored credentials');
    } finally {
      await app.close();
    }
  }, 30_000);
});

// The per-tenant hosting-API client and the connect port: each request goes out with its own
// tenant's key, nothing goes out without one, and a key is linked only once a read call accepts it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/index.js';
import { createEnvelope } from '../../../src/secrets/envelope.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { runInTenant } from '../../../src/tenants/scope.js';
import { tenantHostingApi } from '../../../src/tenants/tenant-api.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantRecord,
} from '../../../src/tenants/tenant-directory.js';
import { createTenantKeys } from '../../../src/tenants/tenant-keys.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { failure } from '../../support/api-failure.js';

const KEY_A = 'hk-key-of-tenant-a-AAAA';
const KEY_B = 'hk-key-of-tenant-b-BBBB';

function world() {
  const directory = createTenantDirectory(
    createMemoryStore().collection<TenantRecord>(TENANTS_COLLECTION),
    createEnvelope(randomBytes(32)),
  );
  const sent: string[] = [];
  const built: string[] = [];
  const clientFor = (apiKey: string) => {
    built.push(apiKey);
    return fakeHostingApi({
      systems: {
        list: async () => {
          sent.push(apiKey);
          if (apiKey.startsWith('hk-refused'))
            throw new ApiError('UNAUTHORIZED', 'systems.list', { status: 401 });
          return [];
        },
      },
    });
  };
  return {
    directory,
    sent,
    built,
    api: tenantHostingApi({ directory, clientFor }),
    keys: createTenantKeys({ directory, clientFor }),
  };
}

describe('per-tenant hosting API client', () => {
  it("sends each tenant's requests with its own key, and a rotated key at once", async () => {
    const { directory, sent, built, api } = world();
    await directory.linkApiKey('slack:TA', KEY_A, 'slack:U1', 1);
    await directory.linkApiKey('slack:TB', KEY_B, 'slack:U2', 1);
    await runInTenant({ id: 'slack:TA' }, () => api.systems.list());
    await runInTenant({ id: 'slack:TB' }, () => api.systems.list());
    await runInTenant({ id: 'slack:TA' }, () => api.systems.list());
    expect(sent).toEqual([KEY_A, KEY_B, KEY_A]);
    expect(built).toEqual([KEY_A, KEY_B]);
    await directory.linkApiKey('slack:TA', 'hk-rotated-key-CCCC', 'slack:U1', 2);
    await runInTenant({ id: 'slack:TA' }, () => api.systems.list());
    expect(sent.at(-1)).toBe('hk-rotated-key-CCCC');
  });

  it('refuses, sending nothing, outside a tenant or in a tenant without a key', async () => {
    const { directory, sent, api } = world();
    await directory.linkApiKey('slack:TA', KEY_A, 'slack:U1', 1);
    const outside = await failure(api.systems.list());
    expect(outside).toMatchObject({ code: 'UNAUTHORIZED', endpoint: 'systems.list' });
    const unlinked = await failure(runInTenant({ id: 'slack:TB' }, () => api.systems.list()));
    expect(unlinked.code).toBe('UNAUTHORIZED');
    await directory.unlinkApiKey('slack:TA');
    await failure(runInTenant({ id: 'slack:TA' }, () => api.systems.list()));
    expect(sent).toEqual([]);
  });
});

describe('connect (the key-linking port)', () => {
  it('links a key the API accepts, shows it only as its last 4 characters, and unlinks it', async () => {
    const { keys, directory } = world();
    expect(await keys.link('slack:TA', ` ${KEY_A} `, 'slack:U1')).toEqual({ linked: true, hint: '…AAAA' });
    expect(await keys.linkedKeyHint('slack:TA')).toBe('…AAAA');
    expect(await directory.apiKey('slack:TA')).toBe(KEY_A);
    expect(await keys.unlink('slack:TA')).toBe(true);
    expect(await keys.linkedKeyHint('slack:TA')).toBeNull();
  });

  it('keeps a refused key out of the store, with a reason that never repeats it', async () => {
    const { keys, directory } = world();
    const outcome = await keys.link('slack:TA', 'hk-refused-key-9999', 'slack:U1');
    expect(outcome).toMatchObject({ linked: false, reason: expect.stringContaining('refused this key') });
    expect(JSON.stringify(outcome)).not.toContain('hk-refused-key-9999');
    expect(await directory.summary('slack:TA')).toBeNull();
    expect(await keys.link('slack:TA', 'short', 'slack:U1')).toMatchObject({ linked: false });
  });
});

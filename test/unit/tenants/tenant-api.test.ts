// The per-tenant hosting-API client and the connect port: each request goes out with its own
// tenant's key, nothing goes out without one, and a key is linked only once a read call accepts it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/index.js';
import { createEnvelope } from '../../../src/secrets/envelope.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantHostingApi } from '../../../src/tenants/tenant-api.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantRecord,
} from '../../../src/tenants/tenant-directory.js';
import { createTenantKeys } from '../../../src/tenants/tenant-keys.js';
import { tenantEvents } from '../../../src/tenants/tenant-events.js';
import type { AuditRecord } from '../../../src/core/index.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { failure } from '../../support/api-failure.js';

const KEY_A = 'hk-key-of-tenant-a-AAAA';
const KEY_B = 'hk-key-of-tenant-b-BBBB';

function world(options: { idleMs?: number; now?: () => number } = {}) {
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
  const audited: AuditRecord[] = [];
  const events = tenantEvents({ write: async (record) => void audited.push(record) }, { now: () => 1_000 });
  return {
    directory,
    sent,
    built,
    audited,
    api: tenantHostingApi({ directory, clientFor, ...options }),
    keys: createTenantKeys({ directory, clientFor, events }),
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

  it("releases a tenant's client once the tenant has been idle for idleMs; a busy tenant keeps its own", async () => {
    let clock = 0;
    const { directory, built, sent, api } = world({ idleMs: 1_000, now: () => clock });
    await directory.linkApiKey('slack:TA', KEY_A, 'slack:U1', 1);
    await directory.linkApiKey('slack:TB', KEY_B, 'slack:U2', 1);
    await runInTenant({ id: 'slack:TA' }, () => api.systems.list());
    await runInTenant({ id: 'slack:TB' }, () => api.systems.list());
    clock = 900;
    await runInTenant({ id: 'slack:TB' }, () => api.systems.list());
    clock = 1_500;
    // A went quiet at 0, B last called at 900: only A's client is gone, so only A's is built again.
    await runInTenant({ id: 'slack:TB' }, () => api.systems.list());
    await runInTenant({ id: 'slack:TA' }, () => api.systems.list());
    expect(built).toEqual([KEY_A, KEY_B, KEY_A]);
    expect(sent).toEqual([KEY_A, KEY_B, KEY_B, KEY_B, KEY_A]);
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
    expect(await keys.unlink('slack:TA', 'slack:U1')).toBe(true);
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

  it('audits each link, rotation, unlink and refused attempt in its own tenant, with 4 characters of a key at most', async () => {
    const { keys, audited } = world();
    await keys.link('slack:TA', KEY_A, 'slack:U1');
    await keys.link('discord:222', KEY_B, 'discord:77');
    await keys.link('slack:TA', 'hk-rotated-key-of-a-CCCC', 'slack:U1');
    await keys.link('discord:222', 'hk-refused-key-9999', 'discord:78');
    await keys.link('discord:222', 'short', 'discord:78');
    const seen = () => audited.map((r) => [r.tenant, r.platform, r.userId, r.command, r.decision, r.summary]);
    expect(seen()).toEqual([
      ['slack:TA', 'slack', 'U1', 'connect', 'allowed', 'linked …AAAA'],
      ['discord:222', 'discord', '77', 'connect', 'allowed', 'linked …BBBB'],
      ['slack:TA', 'slack', 'U1', 'connect', 'allowed', 'rotated …AAAA → …CCCC'],
      ['discord:222', 'discord', '78', 'connect', 'denied', 'refused: refused'],
      ['discord:222', 'discord', '78', 'connect', 'denied', 'refused: tooShort'],
    ]);
    // Refused before any key was read (not allowed here), and an unlink.
    await keys.refused('discord:222', 'discord:79', 'disconnect', 'notAllowed');
    await keys.unlink('slack:TA', 'slack:U2');
    expect(seen().slice(5)).toEqual([
      ['discord:222', 'discord', '79', 'disconnect', 'denied', 'refused: notAllowed'],
      ['slack:TA', 'slack', 'U2', 'disconnect', 'allowed', 'unlinked …CCCC'],
    ]);
    expect(audited.every((r) => r.time === new Date(1_000).toISOString())).toBe(true);
    const all = JSON.stringify(audited);
    for (const key of [KEY_A, KEY_B, 'hk-rotated-key-of-a-CCCC', 'hk-refused-key-9999'])
      expect(all).not.toContain(key);
  });
});

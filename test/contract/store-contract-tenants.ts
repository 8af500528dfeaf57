// The store contract for tenants (installed workspaces / guilds): their records go through the
// store port's collection, hold sealed secrets only, and read back the same from another process.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEnvelope } from '../../src/secrets/envelope.js';
import { EnvelopeError } from '../../src/secrets/envelope.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantRecord,
} from '../../src/tenants/tenant-directory.js';
import type { StoreFixture } from './store-contract.js';

const BOT_TOKEN = 'fake-bot-token-tenant-contract-0001';
const API_KEY = 'hk-tenant-contract-api-key-WXYZ';

/** Registers the tenant part of the contract on the shared fixture. */
export function describeStoreTenantsContract(f: StoreFixture): void {
  describe('tenants', () => {
    const masterKey = randomBytes(32);
    const directory = () =>
      createTenantDirectory(f.store.collection<TenantRecord>(TENANTS_COLLECTION), createEnvelope(masterKey));

    it('keeps installations and linked keys sealed, readable by another directory on the same store', async () => {
      const installation = { team: { id: 'T1', name: 'Acme' }, bot: { token: BOT_TOKEN, userId: 'B1' } };
      await directory().saveInstallation('slack:T1', installation, 'U1', 1_000);
      await directory().linkApiKey('slack:T1', API_KEY, 'slack:U1', 2_000);
      const other = directory();
      expect(await other.installation('slack:T1')).toEqual(installation);
      expect(await other.apiKey('slack:T1')).toBe(API_KEY);
      expect(await other.summary('slack:T1')).toEqual({
        id: 'slack:T1',
        installer: 'U1',
        installedAt: 1_000,
        apiKeyHint: '…WXYZ',
        apiKeyLinkedBy: 'slack:U1',
      });
      const raw = JSON.stringify(await f.store.collection(TENANTS_COLLECTION).list());
      expect(raw).not.toContain(BOT_TOKEN);
      expect(raw).not.toContain(API_KEY);
    });

    it('rotates and unlinks a key, keeps the installation on a reinstall, and forgets a tenant alone', async () => {
      const tenants = directory();
      await tenants.saveInstallation('slack:T1', { bot: { token: BOT_TOKEN } }, 'U1', 1);
      await tenants.saveInstallation('slack:T2', { bot: { token: 'fake-bot-token-second-tenant' } }, 'U2', 1);
      await tenants.linkApiKey('slack:T1', API_KEY, 'slack:U1', 2);
      await tenants.linkApiKey('slack:T1', 'hk-rotated-key-ABCD', 'slack:U1', 3);
      await tenants.saveInstallation('slack:T1', { bot: { token: 'fake-bot-token-reinstalled' } }, 'U3', 4);
      expect(await tenants.apiKey('slack:T1')).toBe('hk-rotated-key-ABCD');
      expect(await tenants.summary('slack:T1')).toMatchObject({ installer: 'U3', apiKeyHint: '…ABCD' });
      expect(await tenants.unlinkApiKey('slack:T1')).toBe(true);
      expect(await tenants.unlinkApiKey('slack:T1')).toBe(false);
      expect(await tenants.apiKey('slack:T1')).toBeNull();
      expect((await tenants.summary('slack:T1'))?.apiKeyHint).toBeUndefined();
      await tenants.forget('slack:T1');
      expect(await tenants.installation('slack:T1')).toBeNull();
      expect(await tenants.summary('slack:T1')).toBeNull();
      expect(await tenants.installation('slack:T2')).toEqual({
        bot: { token: 'fake-bot-token-second-tenant' },
      });
    });

    it("refuses a tenant's sealed key copied into another tenant's record", async () => {
      const tenants = directory();
      await tenants.linkApiKey('slack:T1', API_KEY, 'slack:U1', 1);
      const records = f.store.collection<TenantRecord>(TENANTS_COLLECTION);
      const stolen = await records.get('slack:T1');
      await records.put('slack:T2', { ...(stolen as TenantRecord), id: 'slack:T2' });
      await expect(tenants.apiKey('slack:T2')).rejects.toBeInstanceOf(EnvelopeError);
    });

    it("lists a collection's ids, so an uninstall can delete a tenant's records by id", async () => {
      const records = f.store.collection<{ n: number }>('contract-ids');
      await records.put('slack:T1\u241fone', { n: 1 });
      await records.put('discord:2\u241ftwo', { n: 2 });
      expect((await records.ids?.())?.sort()).toEqual(['discord:2\u241ftwo', 'slack:T1\u241fone']);
      await records.delete('slack:T1\u241fone');
      expect(await records.ids?.()).toEqual(['discord:2\u241ftwo']);
    });
  });
}

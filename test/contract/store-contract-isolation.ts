// The store contract for OAuth mode's isolation and the shared rate limits: the tenant-scoped view
// (src/tenants/tenant-store.ts) keeps each tenant's records to itself on every implementation, and
// the rate-limit counters are one count for every replica on the store.
import { describe, expect, it } from 'vitest';
import { rateLimitRefusal } from '../../src/core/runner/rate-limit.js';
import { runInTenant } from '../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../src/tenants/scope.js';
import { tenantScopedStore } from '../../src/tenants/tenant-store.js';
import { pendingFor, type StoreFixture } from './store-contract.js';

const UUID = '0b0e6c1e-0000-4000-8000-0000000000aa';

/** Registers the isolation and rate-limit part of the contract on the shared fixture. */
export function describeStoreIsolationContract(f: StoreFixture): void {
  describe('tenant isolation and rate limits', () => {
    const scoped = () =>
      tenantScopedStore(
        f.store,
        tenantScope(async (id) => ({ id })),
      );
    const as = <T>(tenant: string, work: () => Promise<T>) => runInTenant({ id: tenant }, work);

    it('keeps a tenant’s pending cards, records and names out of another tenant’s reach', async () => {
      const store = scoped();
      const at = f.clock.now();
      await as('slack:TA', () => store.pending.put(pendingFor('isoTokenAAAAAAAAAAAA', at)));
      await as('slack:TA', () => store.collection('watches').put('w1', { id: 'w1', note: 'A' }));
      await as('slack:TB', () => store.collection('watches').put('w1', { id: 'w1', note: 'B' }));
      await as('slack:TA', () => store.hostnames.remember(UUID, 'Web-Iso'));
      expect(
        await as('slack:TB', () => store.pending.take('isoTokenAAAAAAAAAAAA', 'x', at, 'confirmed')),
      ).toBeNull();
      expect(
        await as('slack:TB', () =>
          store.pending.attachCard('isoTokenAAAAAAAAAAAA', { platform: 'slack', channelId: 'C', id: '1' }),
        ),
      ).toBe(false);
      await as('slack:TB', () => store.pending.delete('isoTokenAAAAAAAAAAAA'));
      expect((await f.store.pending.get('isoTokenAAAAAAAAAAAA'))?.status).toBe('pending');
      expect(await as('slack:TA', () => store.collection('watches').get('w1'))).toMatchObject({ note: 'A' });
      expect(await as('slack:TB', () => store.collection('watches').list())).toEqual([
        { id: 'w1', note: 'B', tenant: 'slack:TB' },
      ]);
      expect(await as('slack:TB', () => store.hostnames.uuidsOf('web-iso'))).toEqual([]);
      expect(await as('slack:TA', () => store.hostnames.uuidsOf('web-iso'))).toEqual([UUID]);
      expect(await as('slack:TA', () => store.hostnames.search('web', 5))).toEqual([
        { uuid: UUID, hostname: 'Web-Iso' },
      ]);
      // Outside a tenant (background work) every record shows with its tenant.
      const all = await store.collection<{ tenant: string }>('watches').list();
      expect(all.map((w) => w.tenant).sort()).toEqual(['slack:TA', 'slack:TB']);
      expect(
        (await as('slack:TA', () => store.pending.take('isoTokenAAAAAAAAAAAA', 'x', at, 'confirmed')))
          ?.tenant,
      ).toBe('slack:TA');
    });

    it('counts commands once for every replica on the store', async () => {
      const limits = { userPerMinute: 2, tenantPerMinute: 3 };
      const at = f.clock.now();
      const ask = (userId: string) =>
        rateLimitRefusal(
          f.store.ephemeral,
          limits,
          { actor: { platform: 'slack', userId }, tenant: 'slack:TA' },
          at,
          'en',
        );
      expect(await ask('U1')).toBeNull();
      expect(await ask('U1')).toBeNull();
      expect((await ask('U1'))?.id).toBe('rate-limited');
      expect(await ask('U2')).toBeNull();
      expect((await ask('U3'))?.message).toMatch(/this workspace sent more than 3 commands/);
    });
  });
}

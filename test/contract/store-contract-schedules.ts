// The store contract for scheduled actions (src/core/schedule/schedule-book.ts): kept in the
// `schedules` collection, claimed for one run by exactly one caller however many try at once, and —
// in OAuth mode — keyed by tenant: the same id in two tenants is two schedules, neither listed,
// read, claimed nor cancelled from the other.
import { describe, expect, it } from 'vitest';
import {
  claimSchedule,
  scheduleBook,
  schedulesIn,
  type ScheduledAction,
} from '../../src/core/schedule/schedule-book.js';
import { TENANT_STATE_COLLECTIONS } from '../../src/core/store.js';
import { runInTenant } from '../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../src/tenants/scope.js';
import { tenantScopedStore } from '../../src/tenants/tenant-store.js';
import type { StoreFixture } from './store-contract.js';

/** A schedule with every field a stored one has; `overrides` win. */
function scheduled(id: string, runAt: number, overrides: Partial<ScheduledAction> = {}): ScheduledAction {
  return {
    id,
    command: 'instance stop',
    args: { instance: { uuid: '0b0e6c1e-0000-4000-8000-000000000001', label: 'web-1' } },
    auditArgs: { instance: 'web-1', scheduledFor: new Date(runAt).toISOString() },
    targets: ['web-1'],
    requester: { platform: 'slack', userId: 'U1', displayName: 'Ayu' },
    approvedBy: { platform: 'slack', userId: 'U2', displayName: 'Bob' },
    platform: 'slack',
    channelId: 'C1',
    runAt,
    zone: 'Asia/Jakarta',
    createdAt: runAt - 60_000,
    invocationId: `inv-${id}`,
    locale: 'id',
    ...overrides,
  };
}

/** Registers the schedules part of the contract on the shared fixture. */
export function describeStoreSchedulesContract(f: StoreFixture): void {
  describe('scheduled actions', () => {
    it('keeps a schedule as written and lists a channel’s soonest first', async () => {
      const at = f.clock.now();
      const book = scheduleBook(f.store);
      await book.put('aaaa0001', scheduled('aaaa0001', at + 90_000));
      await book.put('aaaa0002', scheduled('aaaa0002', at + 30_000));
      await book.put('aaaa0003', scheduled('aaaa0003', at + 10_000, { channelId: 'C2' }));
      expect(await book.get('aaaa0001')).toEqual(scheduled('aaaa0001', at + 90_000));
      expect((await schedulesIn(f.store, 'slack', 'C1')).map((s) => s.id)).toEqual(['aaaa0002', 'aaaa0001']);
      expect(await book.count()).toBe(3);
    });

    it('gives a schedule to exactly one of many claimers at once, and never again', async () => {
      const at = f.clock.now();
      const book = scheduleBook(f.store);
      await book.put('bbbb0001', scheduled('bbbb0001', at));
      const claims = await Promise.all(
        Array.from({ length: 6 }, () => claimSchedule(f.store, { id: 'bbbb0001' })),
      );
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
      expect(claims.find((c) => c !== null)).toEqual(scheduled('bbbb0001', at));
      expect(await book.get('bbbb0001')).toBeNull();
      expect(await claimSchedule(f.store, { id: 'bbbb0001' })).toBeNull();
    });

    it('keeps two tenants’ schedules apart, the same id included (claim keyed by tenant)', async () => {
      const store = tenantScopedStore(
        f.store,
        tenantScope(async (id) => ({ id })),
      );
      const as = <T>(tenant: string, work: () => Promise<T>) => runInTenant({ id: tenant }, work);
      const at = f.clock.now();
      await as('slack:TA', () =>
        scheduleBook(store).put('cccc0001', scheduled('cccc0001', at, { channelId: 'CA' })),
      );
      await as('slack:TB', () =>
        scheduleBook(store).put('cccc0001', scheduled('cccc0001', at, { channelId: 'CB' })),
      );
      expect(await as('slack:TA', () => scheduleBook(store).get('cccc0001'))).toMatchObject({
        channelId: 'CA',
        tenant: 'slack:TA',
      });
      expect((await as('slack:TB', () => scheduleBook(store).list())).map((s) => s.channelId)).toEqual([
        'CB',
      ]);
      expect(await as('slack:TB', () => schedulesIn(store, 'slack', 'CA'))).toEqual([]);
      // Outside any tenant (the runner's listing) both show, each with its tenant.
      const all = await scheduleBook(store).list();
      expect(all.map((s) => s.tenant).sort()).toEqual(['slack:TA', 'slack:TB']);
      // Tenant A's claim takes A's only; B's same id is still there and claimable once.
      const a = await as('slack:TA', () => claimSchedule(store, { id: 'cccc0001', tenant: 'slack:TA' }));
      expect(a).toMatchObject({ channelId: 'CA' });
      expect(await as('slack:TB', () => scheduleBook(store).get('cccc0001'))).toMatchObject({
        channelId: 'CB',
      });
      const b = await as('slack:TB', () => claimSchedule(store, { id: 'cccc0001', tenant: 'slack:TB' }));
      expect(b).toMatchObject({ channelId: 'CB' });
      // An uninstall deletes a tenant's schedules with the rest of its state.
      expect(TENANT_STATE_COLLECTIONS).toContain('schedules');
    });
  });
}

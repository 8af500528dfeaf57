import { describe, expect, it } from 'vitest';
import { parseApiDate } from '../../src/api/index.js';
import type { HostingApi } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { failure, freshPairEachTest, wrongKeyClient } from './api-support.js';
import type { Simulator } from './api-support.js';

let sim: Simulator;
let api: HostingApi;

freshPairEachTest((pair) => ({ sim, api } = pair));

describe('block storage create (18)', () => {
  it('creates a volume that the service then knows about', async () => {
    const created = await api.blockStorage.create({ name: 'data-1', location_id: 1, size: 20 });
    expect(created.block_storage_id.length).toBeGreaterThan(0);
    expect(JSON.stringify(sim.state.getBlockStorages())).toContain(created.block_storage_id);
  });

  it('reports a wrong key as UNAUTHORIZED and creates nothing', async () => {
    const before = sim.state.getBlockStorages().length;
    expect((await failure(wrongKeyClient(sim).blockStorage.create({ name: 'x' }))).code).toBe('UNAUTHORIZED');
    expect(sim.state.getBlockStorages()).toHaveLength(before);
  });
});

describe('OS catalogue (19)', () => {
  it('lists operating systems with their versions, filterable by location', async () => {
    const all = await api.systems.list();
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((os) => os.os_version.length > 0)).toBe(true);
    const singapore = await api.systems.list({ location: SEED_IDS.locations.singapore });
    expect(singapore.length).toBeLessThanOrEqual(all.length);
    expect(singapore.every((os) => all.some((o) => o.id === os.id))).toBe(true);
  });

  it('reports a wrong key as UNAUTHORIZED', async () => {
    expect((await failure(wrongKeyClient(sim).systems.list())).code).toBe('UNAUTHORIZED');
  });
});

describe('unassigned SSH keys (20)', () => {
  it('lists keys as integer ids with titles', async () => {
    const keys = await api.sshKeys.unassigned(SEED_IDS.vmIds.web1);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => Number.isInteger(k.id))).toBe(true);
  });

  it('rejects a vm id that is not a positive integer without sending a request', async () => {
    expect((await failure(api.sshKeys.unassigned(-3))).code).toBe('INVALID_INPUT');
    expect(sim.countRequests('sshkey.unassigned')).toBe(0);
  });
});

describe('payment methods (21)', () => {
  it('lists methods in all five categories with numeric fees', async () => {
    const methods = await api.billing.paymentMethods({ amount: 100_000 });
    for (const category of ['bank', 'card', 'ritel', 'ewallet', 'qris'] as const) {
      expect(methods[category].length).toBeGreaterThan(0);
      expect(typeof methods[category][0]?.fee).toBe('number');
    }
  });

  it('reports a wrong key as UNAUTHORIZED', async () => {
    expect((await failure(wrongKeyClient(sim).billing.paymentMethods())).code).toBe('UNAUTHORIZED');
  });
});

describe('billing report summary (22)', () => {
  it('pages through reports, exposing the spaced period key and its alias', async () => {
    const first = await api.billing.reportSummary({ limit: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.page).toMatchObject({ per_page: 5, current_page: 1 });
    expect(first.page.total_pages).toBeGreaterThan(1);
    const item = first.items[0];
    expect(item?.['billing periode']).toBeTruthy();
    expect(item?.billing_periode).toBe(item?.['billing periode']);
    expect(parseApiDate(item?.billing_date)).toBeInstanceOf(Date);
    const second = await api.billing.reportSummary({ limit: 5, page: 2 });
    expect(second.page.current_page).toBe(2);
    expect(second.items[0]?.id).not.toBe(item?.id);
  });

  it('reports a wrong key as UNAUTHORIZED', async () => {
    expect((await failure(wrongKeyClient(sim).billing.reportSummary())).code).toBe('UNAUTHORIZED');
  });
});

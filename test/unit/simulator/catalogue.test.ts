import { describe, expect, it, vi } from 'vitest';
import { SEED_IDS, type SimulatorHandle } from '../../../src/simulator/index.js';
import { SIM_NOW, simulatorCall, simulatorPerTest } from '../../support/simulator-client.js';

let sim: SimulatorHandle;
const start = simulatorPerTest((s) => (sim = s), { now: () => SIM_NOW });

const call = (path: string, method = 'GET', form?: Record<string, string>) =>
  simulatorCall(sim, path, method, form);

describe('simulator block storage', () => {
  it('creates a volume that is "creating" until storageMs passes', async () => {
    await start({ timing: { storageMs: 60_000 } });
    const res = await call('/storage/blocks/create', 'POST', { name: 'logs' });
    const id = res.body.data.block_storage_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sim.state.getBlockStorages().find((s) => s.uuid === id)).toMatchObject({
      name: 'logs',
      status: 'creating',
      locationId: 1,
      sizeGb: 20,
    });
  });

  it('makes the volume ready after storageMs and honours location_id and size', async () => {
    await start({ timing: { storageMs: 20 } });
    const res = await call('/storage/blocks/create', 'POST', {
      name: 'media',
      location_id: '2',
      size: '250',
    });
    const id = res.body.data.block_storage_id;
    await vi.waitFor(() =>
      expect(sim.state.getBlockStorages().find((s) => s.uuid === id)?.status).toBe('ready'),
    );
    expect(sim.state.getBlockStorages().find((s) => s.uuid === id)).toMatchObject({
      locationId: 2,
      sizeGb: 250,
    });
  });

  it('rejects an unknown location, a non-integer size and an oversized volume', async () => {
    await start();
    expect((await call('/storage/blocks/create', 'POST', { name: 'x', location_id: '9' })).status).toBe(422);
    expect((await call('/storage/blocks/create', 'POST', { name: 'x', size: 'big' })).status).toBe(422);
    expect((await call('/storage/blocks/create', 'POST', { name: 'x', size: '99999' })).status).toBe(422);
  });
});

describe('simulator catalogue and credentials', () => {
  it('lists the OS catalogue and filters versions by location', async () => {
    await start();
    const all = (await call('/systems')).body.data;
    expect(all.map((os: { os_name: string }) => os.os_name)).toEqual([
      'Ubuntu',
      'Debian',
      'Rocky Linux',
      'Windows Server',
    ]);
    const singapore = (await call('/systems?location=2')).body.data;
    expect(singapore.map((os: { os_name: string }) => os.os_name)).not.toContain('Windows Server');
    const ubuntu = singapore.find((os: { id: number }) => os.id === 1);
    expect(ubuntu.os_version.map((v: { version: string }) => v.version)).toEqual(['20.04', '22.04']);
    expect((await call('/systems?location=x')).status).toBe(422);
  });

  it('lists SSH keys not assigned to a VM', async () => {
    await start();
    const keys = (await call(`/credential/ssh/unassigned?vm_id=${SEED_IDS.vmIds.web1}`)).body.data;
    expect(keys).toEqual([
      { id: 14, title: 'ops-break-glass' },
      { id: 15, title: 'carol@desktop' },
    ]);
    expect((await call(`/credential/ssh/unassigned?vm_id=${SEED_IDS.vmIds.worker1}`)).body.data).toHaveLength(
      4,
    );
    expect((await call('/credential/ssh/unassigned?vm_id=999')).status).toBe(404);
  });
});

describe('simulator billing', () => {
  it('groups payment methods in five categories with a fee and VAT', async () => {
    await start();
    const data = (await call('/billing/v2/payment-methods')).body.data;
    expect(Object.keys(data)).toEqual(['bank', 'card', 'ritel', 'ewallet', 'qris']);
    expect(data.bank[0]).toMatchObject({ code: 'BCA', fee: 4000, vat: 440 });
    expect(data.bank[0].image).toMatch(/^https:\/\//);
  });

  it('computes amount-dependent fees when an amount is given', async () => {
    await start();
    const data = (await call('/billing/v2/payment-methods?amount=1000000')).body.data;
    expect(data.card[0]).toMatchObject({ fee: 31000, vat: 3410 });
    expect(data.qris[0].fee).toBe(7000);
    expect(data.bank[0].fee).toBe(4000);
    expect((await call('/billing/v2/payment-methods?amount=ten')).status).toBe(422);
  });

  it('pages 14 monthly billing reports, newest first, with the spaced "billing periode" key', async () => {
    await start();
    const first = (await call('/billing/report/summary')).body.data;
    expect(first.page).toEqual({ total: 14, count: 10, per_page: 10, current_page: 1, total_pages: 2 });
    expect(first.data[0]).toMatchObject({
      'billing periode': 'November 2026',
      billing_date: '2026-12-01T00:00:00.000Z',
      status: 'Not Settled',
      fully_settle: false,
    });
    expect(first.data[2]).toMatchObject({
      'billing periode': 'September 2026',
      status: 'Settled',
      can_download: true,
    });
    const second = (await call('/billing/report/summary?page=2')).body.data;
    expect(second.data).toHaveLength(4);
    expect(second.data.at(-1)['billing periode']).toBe('October 2025');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ACTORS, startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

describe('storage, os, sshkey and billing commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('asks before creating billed block storage, then creates it', async () => {
    const before = h.sim.state.getBlockStorages().length;
    const preview = await h.run('storage create data-9 --location 1 --size 50');
    expect(preview.text).toContain('billed while it exists');
    expect(preview.text).toContain('50 GB');
    expect(h.sim.countRequests('storage.create')).toBe(0);
    const done = await h.confirm(preview.token!);
    expect(done.text).toContain('Block storage data-9 is being created');
    const storages = h.sim.state.getBlockStorages();
    expect(storages).toHaveLength(before + 1);
    expect(storages).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'data-9', sizeGb: 50, locationId: 1 })]),
    );
  });

  it('rejects a storage size that is not a number', async () => {
    const out = await h.run('storage create data-9 --size big');
    expect(out.message.outcome).toBe('usage-error');
    expect(out.text).toContain('--size');
  });

  it('lists the OS catalogue one version per row', async () => {
    const out = await h.run('os list');
    expect(out.text).toContain('Ubuntu');
    expect(out.text).toContain('Debian');
    const table = out.message.blocks.find((b) => b.type === 'table');
    expect(table?.type === 'table' ? table.rows.length : 0).toBeGreaterThan(3);
    expect(out.text).not.toMatch(/undefined|null|NaN/);
  });

  it('filters the OS catalogue by location', async () => {
    const all = await h.run('os list');
    const singapore = await h.run('os list --location 2');
    expect(singapore.message.title).toBe('Operating systems in location 2');
    const rows = (text: typeof all) => {
      const t = text.message.blocks.find((b) => b.type === 'table');
      return t?.type === 'table' ? t.rows.length : 0;
    };
    expect(rows(singapore)).toBeLessThanOrEqual(rows(all));
  });

  it('lists SSH keys not assigned to a VM', async () => {
    const out = await h.run(`sshkey unassigned ${SEED_IDS.vmIds.web1}`);
    const assigned = h.sim.state.getSshKeys().filter((k) => k.assignedVmIds.includes(SEED_IDS.vmIds.web1));
    const free = h.sim.state.getSshKeys().filter((k) => !k.assignedVmIds.includes(SEED_IDS.vmIds.web1));
    for (const key of free) expect(out.text).toContain(key.title);
    for (const key of assigned) expect(out.text).not.toContain(key.title);
  });

  it('lists payment methods in every category with fees for an amount', async () => {
    const out = await h.run('billing methods --amount 500000');
    expect(out.message.title).toBe('Payment methods for IDR 500,000');
    for (const category of ['Bank transfer', 'Card', 'Retail outlet', 'E-wallet', 'QRIS']) {
      expect(out.text).toContain(category);
    }
    expect(out.text).not.toMatch(/undefined|null|NaN/);
  });

  it('pages through billing reports with the next command in the footer', async () => {
    const out = await h.run('billing reports --limit 5');
    expect(out.text).toContain('Page 1 of');
    expect(out.text).toContain('next: /vps billing reports --page 2 --limit 5');
    expect(out.text).toContain('IDR');
    expect(out.text).not.toMatch(/undefined|null|NaN/);
  });

  it('lets a viewer read billing reports', async () => {
    const out = await h.run('billing reports', ACTORS.viewer);
    expect(out.message.outcome).toBe('ok');
  });
});

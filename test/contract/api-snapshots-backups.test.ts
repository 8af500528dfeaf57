import { describe, expect, it } from 'vitest';
import type { HostingApi } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { failure, freshPairEachTest, UNKNOWN_UUID, wrongKeyClient } from './api-support.js';
import type { Simulator } from './api-support.js';

const web1 = SEED_IDS.instances.web1;
const { web1Daily, web1PreDeploy } = SEED_IDS.snapshots;
const { web1Latest, web1Previous } = SEED_IDS.backups;
let sim: Simulator;
let api: HostingApi;

freshPairEachTest((pair) => ({ sim, api } = pair));

describe('snapshot delete (7)', () => {
  it('deletes a snapshot, after which deleting it again is NOT_FOUND', async () => {
    await expect(api.snapshots.delete(web1, web1Daily)).resolves.toMatchObject({
      vm_uuid: web1,
      snap_uuid: web1Daily,
    });
    const again = await failure(api.snapshots.delete(web1, web1Daily));
    expect(again).toMatchObject({ code: 'NOT_FOUND', endpoint: 'snapshot.delete' });
  });

  it('rejects a malformed snapshot uuid without sending a request', async () => {
    expect((await failure(api.snapshots.delete(web1, 'daily'))).code).toBe('INVALID_INPUT');
    expect(sim.countRequests('snapshot.delete')).toBe(0);
  });
});

describe('snapshot rollback (8)', () => {
  it('rolls back to a snapshot, leaving the instance startable (stopped)', async () => {
    await expect(api.snapshots.rollback(web1, web1PreDeploy)).resolves.toMatchObject({ uuid: web1 });
    expect((await api.instances.detail(web1)).status).toBe('Stopped');
  });

  it('reports an unknown snapshot as NOT_FOUND', async () => {
    const error = await failure(api.snapshots.rollback(web1, UNKNOWN_UUID));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, endpoint: 'snapshot.rollback' });
  });
});

describe('backup restore (9)', () => {
  it('starts restoring a backup', async () => {
    await expect(api.backups.restore(web1, web1Latest)).resolves.toMatchObject({
      vm_uuid: web1,
      backup_uuid: web1Latest,
    });
    expect((await api.instances.detail(web1)).status).toBe('Restoring');
    expect(sim.countRequests('backup.restore')).toBe(1);
  });

  it('reports an unknown backup as NOT_FOUND after a single request', async () => {
    const error = await failure(api.backups.restore(web1, UNKNOWN_UUID));
    expect(error).toMatchObject({ code: 'NOT_FOUND', endpoint: 'backup.restore' });
    expect(sim.countRequests('backup.restore')).toBe(1);
  });
});

describe('backup delete (10)', () => {
  it('deletes a backup, which then leaves the history', async () => {
    await expect(api.backups.delete(web1, web1Previous)).resolves.toMatchObject({ backup: web1Previous });
    const history = await api.backups.history(web1, { limit: 50 });
    expect(history.items.map((b) => b.id)).not.toContain(web1Previous);
    expect(history.page.total).toBe(22);
  });

  it('reports a wrong key as UNAUTHORIZED and deletes nothing', async () => {
    const error = await failure(wrongKeyClient(sim).backups.delete(web1, web1Previous));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, endpoint: 'backup.delete' });
    expect((await api.backups.history(web1, { limit: 50 })).items.map((b) => b.id)).toContain(web1Previous);
  });
});

describe('backup history (11)', () => {
  it('pages through the 23 seeded backups', async () => {
    const first = await api.backups.history(web1, { limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.id).toBe(web1Latest);
    expect(first.page).toMatchObject({ total: 23, per_page: 10, current_page: 1, total_pages: 3 });
    const last = await api.backups.history(web1, { limit: 10, page: 3 });
    expect(last.items).toHaveLength(3);
    expect(last.page).toMatchObject({ count: 3, current_page: 3 });
    expect(typeof last.items[0]?.size).toBe('number');
    expect(Array.isArray(last.items[0]?.attached_storage)).toBe(true);
  });

  it('reports the history of an unknown instance as NOT_FOUND', async () => {
    expect((await failure(api.backups.history(UNKNOWN_UUID))).code).toBe('NOT_FOUND');
  });

  it('rejects a zero page without sending a request', async () => {
    expect((await failure(api.backups.history(web1, { page: 0 }))).code).toBe('INVALID_INPUT');
    expect(sim.countRequests('backup.history')).toBe(0);
  });
});

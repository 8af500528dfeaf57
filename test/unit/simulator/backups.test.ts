import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SEED_IDS,
  startSimulator,
  type SimulatorHandle,
  type SimulatorOptions,
} from '../../../src/simulator/index.js';

const { web1, web2 } = SEED_IDS.instances;
const { web1Latest, web1Previous } = SEED_IDS.backups;
const { web1Daily, web1PreDeploy } = SEED_IDS.snapshots;
let sim: SimulatorHandle;

async function start(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  sim = await startSimulator(opts);
  return sim;
}
afterEach(async () => {
  await sim.close();
});

async function call(path: string, method = 'GET') {
  const res = await fetch(`${sim.url}${path}`, { method, headers: { 'x-apikey': sim.apiKey } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are probed loosely in assertions
  return { status: res.status, body: (await res.json()) as { message: string; data: any } };
}
const status = async (uuid: string) => (await call(`/instance/${uuid}/detail`)).body.data.status;

describe('simulator backup history', () => {
  it('pages web-1’s 23 backups ten at a time by default, newest first', async () => {
    await start();
    const first = (await call(`/instance/${web1}/backup/history`)).body.data;
    expect(first.page).toEqual({ total: 23, count: 10, per_page: 10, current_page: 1, total_pages: 3 });
    expect(first.data.map((b: { id: string }) => b.id).slice(0, 2)).toEqual([web1Latest, web1Previous]);
    expect(first.data[0]).toMatchObject({
      schedule: 'daily',
      attached_storage: [{ name: 'web-1-data', size: 100 }],
    });
    expect(first.data[0].created_at).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}$/);
    const third = (await call(`/instance/${web1}/backup/history?page=3`)).body.data;
    expect(third.page).toMatchObject({ count: 3, current_page: 3 });
  });

  it('honours limit and returns an empty page past the end', async () => {
    await start();
    const page = (await call(`/instance/${web1}/backup/history?limit=5&page=5`)).body.data;
    expect(page.page).toEqual({ total: 23, count: 3, per_page: 5, current_page: 5, total_pages: 5 });
    const beyond = (await call(`/instance/${web1}/backup/history?limit=5&page=9`)).body.data;
    expect(beyond.data).toEqual([]);
  });

  it('deletes a backup through the GET endpoint and it is gone from the history', async () => {
    await start();
    const res = await call(`/instance/${web1}/backup/${web1Previous}/delete`);
    expect(res.body.data).toEqual({ backup: web1Previous });
    const history = (await call(`/instance/${web1}/backup/history?limit=100`)).body.data;
    expect(history.page.total).toBe(22);
    expect(history.data.map((b: { id: string }) => b.id)).not.toContain(web1Previous);
    expect((await call(`/instance/${web1}/backup/${web1Previous}/delete`)).status).toBe(404);
  });

  it('answers 404 for a backup of another instance', async () => {
    await start();
    expect((await call(`/instance/${web2}/backup/${web1Latest}/delete`)).status).toBe(404);
    expect((await call(`/instance/${web2}/backup/restore/${web1Latest}`)).status).toBe(404);
  });
});

describe('simulator backup restore', () => {
  it('shows Restoring while a restore runs and refuses a stop meanwhile', async () => {
    await start({ timing: { restoreMs: 60_000 } });
    const res = await call(`/instance/${web1}/backup/restore/${web1Latest}`);
    expect(res.body.data).toEqual({ vm_uuid: web1, backup_uuid: web1Latest });
    expect(await status(web1)).toBe('Restoring');
    expect((await call(`/instance/${web1}/stop`, 'PATCH')).status).toBe(409);
  });

  it('is Running again once the restore finishes', async () => {
    await start({ timing: { restoreMs: 20 } });
    const backup = sim.state.getBackups(SEED_IDS.instances.worker1)[0]!;
    await call(`/instance/${SEED_IDS.instances.worker1}/backup/restore/${backup.uuid}`);
    await vi.waitFor(async () => expect(await status(SEED_IDS.instances.worker1)).toBe('Running'));
  });
});

describe('simulator snapshots', () => {
  it('seeds two snapshots on web-1 and deletes one', async () => {
    await start();
    expect(sim.state.getSnapshots(web1).map((s) => s.uuid)).toEqual([web1Daily, web1PreDeploy]);
    const res = await call(`/instance/${web1}/snapshot/${web1Daily}/delete`, 'DELETE');
    expect(res.body.data).toEqual({ vm_uuid: web1, snap_uuid: web1Daily });
    expect(sim.state.getSnapshots(web1).map((s) => s.uuid)).toEqual([web1PreDeploy]);
    expect((await call(`/instance/${web1}/snapshot/${web1Daily}/delete`, 'DELETE')).status).toBe(404);
  });

  it('rolls back to a snapshot and leaves the instance Stopped, ready to start', async () => {
    await start();
    const res = await call(`/instance/${web1}/snapshot/${web1PreDeploy}/rollback`, 'PATCH');
    expect(res.body.data).toEqual({ uuid: web1 });
    expect(res.body.message).toMatch(/started/);
    expect(await status(web1)).toBe('Stopped');
  });

  it('shows Rolling back while a slow rollback runs', async () => {
    await start({ timing: { rollbackMs: 60_000 } });
    await call(`/instance/${web1}/snapshot/${web1PreDeploy}/rollback`, 'PATCH');
    expect(await status(web1)).toBe('Rolling back');
  });

  it('answers 404 for a snapshot that belongs to another instance', async () => {
    await start();
    expect((await call(`/instance/${web2}/snapshot/${web1Daily}/rollback`, 'PATCH')).status).toBe(404);
  });
});

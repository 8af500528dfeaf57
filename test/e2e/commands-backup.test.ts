import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web1 } = SEED_IDS.instances;
const { web1Daily, web1PreDeploy } = SEED_IDS.snapshots;
const { web1Latest, web1Previous } = SEED_IDS.backups;

describe('snapshot and backup commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('deletes a snapshot only after confirmation', async () => {
    const preview = await h.run(`snapshot delete web-1 ${web1Daily}`);
    expect(preview.text).toContain(web1Daily);
    expect(preview.text).toContain('This cannot be undone.');
    expect(h.sim.countRequests('snapshot.delete')).toBe(0);
    const done = await h.confirm(preview.token!);
    expect(done.text).toContain('Snapshot deletion requested for web-1');
    expect(h.sim.state.getSnapshots(web1).map((s) => s.uuid)).not.toContain(web1Daily);
  });

  it('names the argument when the snapshot id is not a uuid', async () => {
    const out = await h.run('snapshot delete web-1 nightly');
    expect(out.message.outcome).toBe('usage-error');
    expect(out.text).toContain('snapshot-uuid');
    expect(h.sim.countRequests('snapshot.delete')).toBe(0);
  });

  it('rolls back to a snapshot and follows the instance until it is Stopped', async () => {
    const preview = await h.run(`snapshot rollback web-1 ${web1PreDeploy}`);
    expect(preview.text).toContain('Everything written since that snapshot is lost');
    const done = await h.confirm(preview.token!);
    expect(done.text).toContain('Rollback requested for web-1');
    expect(h.sim.countRequests('snapshot.rollback')).toBe(1);
    expect(h.sim.state.getInstance(web1)?.status).toBe('Stopped');
    expect(h.followed).toEqual([
      expect.objectContaining({ kind: 'instance-status', doneStatuses: ['Stopped'] }),
    ]);
  });

  it('restores from a backup named with its age, calling the state-changing GET exactly once', async () => {
    const preview = await h.run(`backup restore web-1 ${web1Latest}`);
    expect(preview.text).toContain('Backup taken');
    expect(preview.text).toMatch(/ago/);
    expect(h.sim.countRequests('backup.restore')).toBe(0);
    await h.confirm(preview.token!);
    expect(h.sim.countRequests('backup.restore')).toBe(1);
    expect(h.sim.state.getInstance(web1)?.status).toBe('Restoring');
    expect(h.followed).toEqual([
      expect.objectContaining({ kind: 'instance-status', doneStatuses: ['Running'] }),
    ]);
  });

  it('deletes a backup so it is gone from the history', async () => {
    const preview = await h.run(`backup delete web-1 ${web1Previous}`);
    await h.confirm(preview.token!);
    expect(h.sim.countRequests('backup.delete')).toBe(1);
    expect(h.sim.state.getBackups(web1).map((b) => b.uuid)).not.toContain(web1Previous);
  });

  it('lists backups a page at a time with the next command in the footer', async () => {
    const first = await h.run('backup list web-1');
    expect(first.message.blocks.find((b) => b.type === 'table')).toMatchObject({ rows: expect.any(Array) });
    expect(first.text).toContain(web1Latest);
    expect(first.text).toContain('Page 1 of 3');
    expect(first.text).toContain('23 backups');
    expect(first.text).toContain('next: /vps backup list web-1 --page 2');

    const last = await h.run('backup list web-1 --page 3');
    expect(last.text).toContain('Page 3 of 3');
    expect(last.text).not.toContain('next:');
    const table = last.message.blocks.find((b) => b.type === 'table');
    expect(table?.type === 'table' ? table.rows : []).toHaveLength(3);
  });

  it('carries --limit into the next-page hint', async () => {
    const out = await h.run('backup list web-1 --limit 5 --page 2');
    expect(out.text).toContain('Page 2 of 5');
    expect(out.text).toContain('next: /vps backup list web-1 --page 3 --limit 5');
  });

  it('says so when a page is past the end', async () => {
    const out = await h.run('backup list web-1 --page 9');
    expect(out.text).toContain('There is no page 9.');
  });
});

// instance start and restart through the runner against the in-process simulator: who may, what is
// refused by live state, the restart preview, the follow-ups handed to the tracker, the Start button
// on a stopped server's card and on a rollback's finished card, the not-offered answer, Indonesian.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ACTORS, startHarness, type Harness } from '../support/command-harness.js';

const I = SEED_IDS.instances;
const startOf = (uuid: string) => ({ label: 'Start', command: `instance start ${uuid}`, style: 'primary' });

describe('instance start and restart', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('start runs at once for an operator, no preview, and hands Running to the tracker', async () => {
    h = await startHarness({ timing: { startMs: 60_000 } });
    const out = await h.run('instance start worker-1', ACTORS.operator);
    expect(out.token).toBeUndefined();
    expect(out.message.title).toBe('Start requested for worker-1');
    expect(h.sim.state.getInstance(I.worker1)?.status).toBe('Starting');
    expect(h.followed).toEqual([
      expect.objectContaining({ instanceUuid: I.worker1, verb: 'starting', doneStatuses: ['Running'] }),
    ]);
    const audit = await h.run('audit', ACTORS.admin);
    expect(audit.text).toContain('start requested for worker-1');
  });

  it('a viewer may not start; a running, starting or busy server is refused with a clear line', async () => {
    h = await startHarness({ timing: { startMs: 60_000, rollbackMs: 60_000 } });
    const denied = await h.run('instance start worker-1', ACTORS.viewer);
    expect(h.sim.state.getInstance(I.worker1)?.status).toBe('Stopped');
    expect(denied.text).not.toContain('Start requested');
    expect((await h.run('instance start web-1', ACTORS.operator)).text).toContain(
      'web-1 is already Running.',
    );
    await h.run('instance start worker-1', ACTORS.operator);
    expect((await h.run('instance start worker-1', ACTORS.operator)).text).toContain(
      'worker-1 is already Starting.',
    );
    const rollback = await h.run(
      `snapshot rollback web-1 ${SEED_IDS.snapshots.web1PreDeploy}`,
      ACTORS.operator,
    );
    await h.confirm(rollback.token!, ACTORS.operator);
    expect((await h.run('instance start web-1', ACTORS.operator)).text).toContain(
      'web-1 is Rolling back: an operation is in progress. Start it once it is Stopped.',
    );
    expect(h.sim.countRequests('instance.start')).toBe(1);
  });

  it('restart previews what restarts, that connections drop and the status; confirmed, it is followed', async () => {
    h = await startHarness({ timing: { stopMs: 60_000 } });
    const preview = await h.run('instance restart web-2', ACTORS.operator);
    expect(preview.token).toBeDefined();
    expect(preview.message.title).toBe('Restart web-2?');
    expect(preview.text).toContain('Running → Stopping → Starting → Running');
    expect(preview.text).toContain('Connections to it drop and everything running on it restarts.');
    expect(h.sim.countRequests('instance.restart')).toBe(0);
    const done = await h.confirm(preview.token!, ACTORS.operator);
    expect(done.text).toContain('Restart requested for web-2');
    expect(h.sim.state.getInstance(I.web2)?.status).toBe('Stopping');
    expect(h.followed.at(-1)).toMatchObject({ verb: 'restarting', doneStatuses: ['Running'] });
  });

  it('restart of a stopped server is refused, pointing at start', async () => {
    h = await startHarness();
    const out = await h.run('instance restart worker-1', ACTORS.operator);
    expect(out.token).toBeUndefined();
    expect(out.text).toContain('worker-1 is Stopped: there is nothing to restart.');
    expect(out.text).toContain('/vps instance start worker-1');
  });

  it('a Stopped server’s card offers Start; a running one’s does not', async () => {
    h = await startHarness();
    expect((await h.run('instance show worker-1')).message.actions).toEqual([startOf(I.worker1)]);
    expect((await h.run('instance show web-1')).message.actions).toBeUndefined();
  });

  it('a rollback is followed to Stopped with Start offered once done', async () => {
    h = await startHarness();
    const preview = await h.run(
      `snapshot rollback web-1 ${SEED_IDS.snapshots.web1PreDeploy}`,
      ACTORS.operator,
    );
    await h.confirm(preview.token!, ACTORS.operator);
    expect(h.followed.at(-1)).toMatchObject({ doneStatuses: ['Stopped'], whenDone: [startOf(I.web1)] });
  });

  it('without E5/E6: says so, names the control panel, changes and follows nothing', async () => {
    h = await startHarness({ simulator: { notOffered: ['instance.start', 'instance.restart'] } });
    const start = await h.run('instance start worker-1', ACTORS.operator);
    expect(start.text).toContain(
      'This hosting service does not offer start through its API; use the control panel.',
    );
    expect(start.message.outcome).not.toBe('ok');
    const preview = await h.run('instance restart web-1', ACTORS.operator);
    const restart = await h.confirm(preview.token!, ACTORS.operator);
    expect(restart.text).toContain('does not offer restart through its API; use the control panel');
    expect(h.followed).toEqual([]);
    expect(h.sim.state.getInstance(I.worker1)?.status).toBe('Stopped');
    expect(h.sim.state.getInstance(I.web1)?.status).toBe('Running');
  });

  it('speaks Indonesian', async () => {
    h = await startHarness({ locale: 'id', simulator: { notOffered: ['instance.start'] } });
    expect((await h.run('instance show worker-1')).message.actions?.[0]?.label).toBe('Nyalakan');
    expect((await h.run('instance start worker-1', ACTORS.operator)).text).toContain(
      'Layanan hosting ini tidak menyediakan start lewat API-nya; gunakan panel kontrol.',
    );
    const preview = await h.run('instance restart web-1', ACTORS.operator);
    expect(preview.message.title).toBe('Mulai ulang web-1?');
    expect(preview.text).toContain('Koneksi ke server ini terputus');
  });
});

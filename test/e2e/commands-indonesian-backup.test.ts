// Snapshots, backups and the listings in Bahasa Indonesia, against the simulator: previews,
// confirmed results, paging and refusals. Commands, flags and uuids stay as typed; the harness
// holds every reply to the Slack and Discord payload limits.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web1Daily, web1PreDeploy } = SEED_IDS.snapshots;
const { web1Latest, web1Previous } = SEED_IDS.backups;
const MISSING = '00000000-0000-4000-8000-0000000000aa';

describe('snapshots and backups in Indonesian', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('previews and confirms a snapshot deletion in Indonesian', async () => {
    h = await startHarness({ locale: 'id' });
    const preview = await h.run(`snapshot delete web-1 ${web1Daily}`);
    expect(preview.message.title).toBe('Hapus snapshot web-1?');
    expect(preview.text).toContain(`Snapshot ${web1Daily} milik web-1 akan dihapus.`);
    const done = await h.confirm(preview.token!);
    expect(done.text).toContain('Penghapusan snapshot web-1 diminta');
  });

  it('previews a rollback in Indonesian, with Stopped as the API says it', async () => {
    h = await startHarness({ locale: 'id' });
    const preview = await h.run(`snapshot rollback web-1 ${web1PreDeploy}`);
    expect(preview.message.title).toBe('Kembalikan web-1 ke sebuah snapshot?');
    expect(preview.text).toContain('Semua yang ditulis sejak snapshot itu akan hilang.');
    expect(preview.text).toContain('Berhenti (Stopped)');
    const done = await h.confirm(preview.token!);
    expect(done.text).toContain('Pengembalian web-1 diminta');
  });

  it('previews a restore and a backup deletion with Indonesian fields', async () => {
    h = await startHarness({ locale: 'id' });
    const restore = await h.run(`backup restore web-1 ${web1Latest}`);
    expect(restore.message.title).toBe('Pulihkan web-1 dari cadangan?');
    expect(restore.text).toMatch(/dibuat \d+ \w+ lalu/);
    expect(restore.text).toContain('Ukuran cadangan');
    const remove = await h.run(`backup delete web-1 ${web1Previous}`);
    expect(remove.message.title).toBe('Hapus cadangan web-1?');
    const done = await h.confirm(remove.token!);
    expect(done.text).toContain(`Cadangan ${web1Previous} sudah dihapus.`);
  });

  it('refuses a backup the history lacks, in Indonesian, with the count', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run(`backup restore web-1 ${MISSING}`);
    expect(out.text).toContain(
      `web-1 tidak memiliki cadangan ${MISSING} (23 cadangan; lihat \`backup list web-1\`).`,
    );
    expect(h.sim.countRequests('backup.restore')).toBe(0);
  });

  it('lists backups with Indonesian headers, rupiah and the paging footer', async () => {
    h = await startHarness({ locale: 'id' });
    const first = await h.run('backup list web-1');
    expect(first.message.title).toBe('Cadangan web-1');
    expect(first.text).toContain(
      'Halaman 1 dari 3 · 23 cadangan · berikutnya: /vps backup list web-1 --page 2',
    );
    expect(first.text).toContain('Perkiraan bulan ini');
    expect(first.text).toMatch(/Rp \d/);
    const past = await h.run('backup list web-1 --page 9');
    expect(past.text).toContain('Tidak ada halaman 9. Hanya ada 3 halaman (23 cadangan).');
  });

  it('keeps the English page-past-the-end sentence as before', async () => {
    h = await startHarness({ locale: 'en-US' });
    const past = await h.run('backup list web-1 --page 9');
    expect(past.text).toContain('There is no page 9. There are 3 pages (23 backups).');
  });

  it('lists snapshots and private networks with Indonesian headers and hints', async () => {
    h = await startHarness({ locale: 'id' });
    const snapshots = await h.run('snapshot list web-1');
    expect(snapshots.message.title).toBe('Snapshot web-1');
    expect(snapshots.text).toContain('Uuid snapshot');
    expect(snapshots.text).toContain('Pakai: snapshot rollback web-1 <snapshot uuid>');
    const networks = await h.run('network list');
    expect(networks.message.title).toBe('Jaringan privat');
    expect(networks.text).toContain('Uuid jaringan');
  });
});

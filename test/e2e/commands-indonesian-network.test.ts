// Private networks, public IPs, the firewall, block storage, the OS catalogue and SSH keys in
// Bahasa Indonesia, against the simulator: one Indonesian assertion (or more) per command, and
// the refusals. The harness holds every reply to the Slack and Discord payload limits.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web2, db1 } = SEED_IDS.instances;
const { backend, edge } = SEED_IDS.networks;

describe('networks, IPs, firewall, storage, OS and SSH keys in Indonesian', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('attaches and detaches in Indonesian, and refuses the wrong direction in Indonesian', async () => {
    h = await startHarness({ locale: 'id' });
    const attach = await h.run(`network attach ${web2} ${backend.uuid}`);
    expect(attach.message.title).toBe('Hubungkan web-2 ke backend?');
    expect(attach.text).toContain('Jaringan privat kini');
    const done = await h.confirm(attach.token!);
    expect(done.text).toContain('web-2 terhubung ke backend');
    const again = await h.run(`network attach ${web2} ${backend.uuid}`);
    expect(again.text).toContain('web-2 sudah terhubung ke backend.');
    expect(again.text).toContain(`Untuk melepasnya: /vps network detach web-2 ${backend.uuid}`);
    const other = await h.run(`network attach ${db1} ${edge.uuid}`);
    expect(other.text).toContain('db-1 terhubung ke backend; lepas dulu dengan `network detach db-1');
    const detach = await h.run(`network detach web-1 ${backend.uuid}`);
    expect(detach.message.title).toBe('Lepas web-1 dari backend?');
    expect(h.sim.countRequests('network.vswitch')).toBe(1);
  });

  it('shows a network and its topology in Indonesian', async () => {
    h = await startHarness({ locale: 'id' });
    const show = await h.run(`network show ${edge.uuid}`);
    expect(show.message.title).toBe('Jaringan privat edge');
    expect(show.text).toMatch(/Gateway\s*:?\s*tidak ada/);
    expect(show.text).toContain('Instans aktif');
    const graph = await h.run(`network graph ${backend.id}`);
    expect(graph.message.title).toBe(`Topologi jaringan privat ${backend.id}`);
    expect(graph.text).toMatch(/\d+ node · \d+ tautan/);
  });

  it('previews adding and moving a public IP in Indonesian, and refuses a second one', async () => {
    h = await startHarness({ locale: 'id' });
    const add = await h.run(`ip add ${db1}`);
    expect(add.message.title).toBe('Tambahkan IP publik ke db-1?');
    expect(add.text).toContain('IP publik ditagih selama terpasang.');
    const done = await h.confirm(add.token!);
    expect(done.text).toMatch(/IP publik \S+ ditambahkan ke db-1/);
    const refused = await h.run('ip add web-1');
    expect(refused.text).toMatch(/web-1 sudah memiliki IP publik \S+\./);
    const move = await h.run(`ip move ${SEED_IDS.publicIps.web1} ${web2}`);
    expect(move.message.title).toBe('Pindahkan IP publik ke web-2?');
    expect(move.text).toContain('Untuk membatalkan, pindahkan kembali dengan /vps ip move lagi.');
  });

  it('creates an IPSet with Indonesian field names', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('firewall ipset-create web-1 office --description "Office IPs"');
    expect(out.message.title).toBe('IPSet office dibuat di web-1');
    expect(out.text).toContain('Deskripsi');
  });

  it('asks before block storage in Indonesian and refuses an oversized volume with Indonesian digits', async () => {
    h = await startHarness({ locale: 'id' });
    const bare = await h.run('storage create scratch');
    expect(bare.message.title).toBe('Buat block storage scratch?');
    expect(bare.text).toContain('bawaan penyedia (tidak disebut oleh API)');
    const huge = await h.run('storage create huge --size 50000');
    expect(huge.text).toContain('--size 50.000 GB melebihi batas 10.000 GB');
    expect(huge.text).toContain('antara 1 dan 10.000');
  });

  it('keeps the English oversized-volume refusal as before', async () => {
    h = await startHarness({ locale: 'en-US' });
    const huge = await h.run('storage create huge --size 50000');
    expect(huge.text).toContain('--size 50,000 GB is more than the 10,000 GB vpsops allows for one volume.');
    expect(huge.text).toContain('between 1 and 10,000');
  });

  it('lists operating systems and unassigned SSH keys with Indonesian headers and counts', async () => {
    h = await startHarness({ locale: 'id' });
    const os = await h.run('os list --location 2');
    expect(os.message.title).toBe('Sistem operasi di lokasi 2');
    expect(os.text).toContain('Memori min.');
    expect(os.text).toMatch(/\d+ sistem, \d+ versi/);
    const keys = await h.run(`sshkey unassigned ${SEED_IDS.vmIds.web1}`);
    expect(keys.message.title).toBe(`Kunci SSH yang belum dipasang di VM ${SEED_IDS.vmIds.web1}`);
    expect(keys.text).toMatch(/\d+ kunci/);
  });
});

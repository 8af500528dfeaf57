// The rest of the instance group and the listings in Bahasa Indonesia, against the simulator: each
// command asserted once in Indonesian, with the English reply beside it where a string changed
// hands. The harness runs every reply through both renderers and the payload checkers.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ACTORS, startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

describe('the instance group in Indonesian', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('gives console credentials with an Indonesian warning and keeps the password out of chat text', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance console web-1');
    expect(out.message.title).toBe('Konsol untuk web-1');
    expect(out.text).toContain('Hanya Anda yang dapat melihat ini.');
    expect(out.text).toContain('URL websocket');
    expect(out.text).toMatch(/kata sandi: \S+/);
  });

  it('lists instances without a public IP with Indonesian headers and counts', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance no-ip 1');
    expect(out.message.title).toBe('Instans tanpa IP publik di lokasi 1');
    expect(out.text).toContain('db-1');
    expect(out.text).toMatch(/\d+ instans · beri alamat: \/vps ip add <instance>/);
  });

  it('summarises metrics in Indonesian: period, labels and the sample count', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance metrics web-1');
    expect(out.message.title).toBe('web-1 — satu jam terakhir');
    expect(out.text).toContain('Memori');
    expect(out.text).toContain('Jaringan masuk');
    expect(out.text).toMatch(/rata-rata .+ · maks /);
    // Indonesian decimals: a comma, never a point, in percentages and sizes.
    expect(out.text).toMatch(/rata-rata \d+,\d% · maks \d+,\d%/);
    expect(out.text).toMatch(/\d+,\d [KMGT]?B\/s/);
    expect(out.text).not.toMatch(/\d\.\d%/);
    expect(out.text).toMatch(/Periode: hour · \d+ sampel · uuid /);
  });

  it('refuses an unknown --status of instance list in Indonesian, listing the statuses as typed', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance list --status sleeping');
    expect(out.message.outcome).toBe('usage-error');
    expect(out.text).toContain('Status `sleeping` tidak dikenal. Status yang berlaku: Running, Stopped');
    expect(out.text).toContain('--status Stopped,Error');
  });

  it('lists servers with Indonesian headers and the short rupiah form per month', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance list');
    expect(out.message.title).toBe('Server');
    const table = out.message.blocks.find((b) => b.type === 'table');
    expect(table?.type === 'table' && table.columns).toEqual([
      'Hostname',
      'Status',
      'Lokasi',
      'IP publik',
      'Paket',
      'Per bulan',
    ]);
    expect(out.text).toMatch(/Rp\d+(,\d)? rb/);
    expect(out.text).toMatch(/^\d+ server · \d+ Running/m);
  });

  it('explains a hosting-API 404 in Indonesian: an unknown uuid, a deleted server, an unknown network id', async () => {
    h = await startHarness({ locale: 'id' });
    const unknown = await h.run('instance show 00000000-0000-4000-8000-000000000000');
    expect(unknown.message.outcome).toBe('error');
    expect(unknown.text).toContain(
      'API hosting tidak mengenal instans (00000000-0000-4000-8000-000000000000) itu — mungkin sudah dihapus.',
    );
    await h.run(`instance show ${SEED_IDS.instances.web2}`); // the bot learns its hostname
    h.sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 404, times: 1 });
    const gone = await h.run('instance show web-2');
    expect(gone.text).toContain('web-2 sudah tidak ada:');
    const graph = await h.run('network graph 999');
    expect(graph.text).toContain(
      'API hosting tidak mengenal id jaringan privat (999) itu. Periksa id-nya lalu coba lagi.',
    );
  });

  it('fits a long Indonesian server list, a page of it and its footer within Slack’s and Discord’s limits', async () => {
    // The harness renders every reply for both platforms and fails on any payload they would reject.
    h = await startHarness({ locale: 'id', simulator: { instances: 230 } });
    const all = await h.run('instance list');
    const table = all.message.blocks.find((b) => b.type === 'table');
    expect(table?.type === 'table' ? table.rows.length : 0).toBeGreaterThanOrEqual(230);
    expect(all.text).toMatch(/^\d{3} server · /m);
    const page = await h.run('instance list --page 2');
    expect(page.message.title).toBe('Server, halaman 2');
    expect(page.text).toMatch(/Halaman 2 dari 3 · \d{3} server · berikutnya: \/vps instance list --page 3/);
  });

  it('keeps instance list, no-ip and console in English for en-US', async () => {
    h = await startHarness({ locale: 'en-US' });
    const list = await h.run('instance list');
    expect(list.message.title).toBe('Servers');
    expect(list.text).toMatch(/IDR \d{1,3}(,\d{3})+/);
    const noIp = await h.run('instance no-ip 1');
    expect(noIp.message.title).toBe('Instances without a public IP in location 1');
    const console = await h.run('instance console web-1', ACTORS.operator);
    expect(console.text).toContain('Only you can see this.');
  });
});

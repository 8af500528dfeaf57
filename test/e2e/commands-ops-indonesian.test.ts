// The bot's own commands, billing and watch commands answered in Bahasa Indonesia to a requester
// whose platform says "id" (the harness holds every reply to Slack's and Discord's limits).
import { afterEach, describe, expect, it } from 'vitest';
import { ACTORS, startHarness, type Harness } from '../support/command-harness.js';

describe('bot commands in Indonesian', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('whoami, use and status', async () => {
    h = await startHarness({ locale: 'id' });
    const who = await h.run('whoami');
    expect(who.message.title).toBe('Anda adalah oscar');
    expect(who.text).toContain('Perintah destruktif di sini');
    expect((await h.run('use')).text).toContain('Tidak ada instans yang terikat ke kanal ini');
    expect((await h.run('status')).message.title).toBe('Tidak ada instans terikat');
    const bound = await h.run('use web-1');
    expect(bound.message.title).toBe('Kanal ini kini memakai web-1');
    expect(bound.text).toContain('(Berjalan (Running))');
    const card = await h.run('status');
    expect(card.text).toContain('CPU, satu jam terakhir');
  });

  it('says in Indonesian where whoami’s role comes from', async () => {
    h = await startHarness({ locale: 'id', policy: '' });
    expect((await h.run('whoami')).text).toMatch(/Peran dari\s+policy \S+: tidak ada peran yang cocok/);
  });

  it('refuses an unknown help page in Indonesian, with the command as typed', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('help instance stpo', ACTORS.viewer);
    expect(out.text).toContain('Tidak ada perintah `instance stpo`');
  });

  it('billing balance, methods and reports in Indonesian, rupiah as Indonesians write it', async () => {
    h = await startHarness({ locale: 'id' });
    const balance = await h.run('billing balance', ACTORS.admin);
    expect(balance.message.title).toBe('Saldo prabayar');
    expect(balance.text).toContain('Saldo saat ini');
    expect(balance.text).toMatch(/Rp \d{1,3}(\.\d{3})*/);
    expect(balance.text).toContain('Sisa waktu = saldo');
    const methods = await h.run('billing methods --amount 500000', ACTORS.admin);
    expect(methods.message.title).toBe('Metode pembayaran untuk Rp 500.000');
    expect(methods.text).toContain('Transfer bank');
    const reports = await h.run('billing reports', ACTORS.admin);
    expect(reports.message.title).toBe('Laporan tagihan');
    expect(reports.text).toContain('Periode');
  });

  it('says in Indonesian that balance watches need the console or chat', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('billing watch', ACTORS.admin);
    expect(out.text).toContain('Pemantauan tidak tersedia dalam mode ini');
  });

  it('refuses an incomplete silence in Indonesian, with the hint as typed', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('silence location 2h');
    expect(out.text).toContain('Sebutkan lokasi yang disenyapkan, mis. `location Jakarta 1`.');
    expect(out.text).toContain('Coba: /vps silence web-1 2h kernel upgrade');
  });

  it('asks which server to watch in Indonesian, with the commands as typed', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('unwatch');
    expect(out.text).toContain('Server yang mana? Sebutkan satu, mis. `unwatch web-1`');
    expect(out.text).toContain('Atau ikat satu ke kanal ini dengan `use web-1`.');
  });

  it('audit in Indonesian: the timeline, no match, and the admins-only refusal; outcome words as typed', async () => {
    h = await startHarness({ locale: 'id' });
    await h.run('use web-1');
    const audit = await h.run('audit --reads');
    expect(audit.message.title).toMatch(/^Audit — \d+ tindakan di kanal ini$/);
    expect(audit.text).toContain('Waktu (UTC)');
    expect(audit.text).toContain('Terbaru dulu · halaman 1 dari 1');
    expect(audit.text).toMatch(/\bok\b/);
    const none = await h.run('audit --actor nobody');
    expect(none.text).toMatch(/Tidak ada (perubahan|tindakan) yang cocok di kanal ini/);
    const refused = await h.run('audit --all-channels', ACTORS.viewer);
    expect(refused.text).toContain('Hanya admin yang boleh membaca audit semua kanal');
  });
});

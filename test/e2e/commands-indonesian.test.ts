// The main paths in Bahasa Indonesia for a requester whose platform says "id", against the
// simulator: instance show, a destructive preview with its buttons, the confirmed card, help and
// a refusal; and the same commands unchanged for "en-US". The harness fails on any reply Slack or
// Discord would reject (payload limits), so these also hold the Indonesian texts to the limits.
import { afterEach, describe, expect, it } from 'vitest';
import { ACTORS, startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';
import { pendingCard } from '../../src/render/buttons.js';

describe('answers in the requester’s language', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('shows an instance in Indonesian: labels, status beside the API’s word, rupiah', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance show web-1');
    const fields = out.message.blocks.flatMap((b) => (b.type === 'fields' ? b.fields : []));
    const field = (label: string) => fields.find((f) => f.label === label)?.value;
    expect(field('Lokasi')).toBe('Jakarta');
    expect(field('Status')).toBe('Berjalan (Running)');
    expect(field('Harga')).toBe('Rp 1.250/jam · perkiraan Rp 912.500/bulan');
    expect(field('Dibuat')).toMatch(/lalu \(\d{1,2} [A-Z][a-z]+ \d{4} \d{2}\.\d{2}\)$/);
    expect(out.text).toContain('Id lokasi');
    expect(out.text).not.toContain('Location');
  });

  it('shows the same instance in English for en-US, as before', async () => {
    h = await startHarness({ locale: 'en-US' });
    const out = await h.run('instance show web-1');
    const fields = out.message.blocks.flatMap((b) => (b.type === 'fields' ? b.fields : []));
    expect(fields.find((f) => f.label === 'Location')?.value).toBe('Jakarta');
    expect(fields.find((f) => f.label === 'Status')?.value).toBe('Running');
    expect(fields.find((f) => f.label === 'Price')?.value).toBe('IDR 1,250/h · est. IDR 912,500/month');
  });

  it('asks before a stop in Indonesian, with Indonesian buttons, and settles the card in Indonesian', async () => {
    h = await startHarness({ locale: 'id' });
    const preview = await h.run('instance stop web-1');
    expect(preview.message.title).toBe('Hentikan web-1?');
    expect(pendingCard(preview.message)).toMatchObject({
      confirmLabel: 'Hentikan web-1',
      cancelLabel: 'Batal',
    });
    expect(preview.text).toContain('web-1 akan dimatikan (Running → Stopped)');
    expect(preview.text).toContain('Diminta oleh');
    // The renderer's own hint, in the reader's language: Intl's "atau", the expiry.
    expect(preview.text).toMatch(/Menunggu konfirmasi: Hentikan web-1 atau Batal · berakhir dalam 2 menit/);
    expect(h.sim.countRequests('instance.stop')).toBe(0);
    const done = await h.confirm(preview.token!);
    expect(done.text).toContain('Penghentian web-1 diminta');
    expect(done.text).toMatch(/Dikonfirmasi oleh .+ pukul \d{2}:\d{2}:\d{2} UTC/);
  });

  it('keeps the typed confirmation the hostname, with the prompt in Indonesian', async () => {
    h = await startHarness({ locale: 'id' });
    const preview = await h.run('instance delete web-1', ACTORS.admin);
    expect(preview.message.title).toBe('Hapus web-1?');
    expect(preview.text).toContain('Tindakan ini tidak dapat dibatalkan.');
    expect(pendingCard(preview.message)?.typed).toMatchObject({
      label: 'Ketik web-1 untuk mengonfirmasi',
      placeholder: 'web-1',
    });
  });

  it('gives help in Indonesian with commands and flags as they are typed', async () => {
    h = await startHarness({ locale: 'id' });
    const overview = await h.run('help');
    expect(overview.message.title).toBe('Perintah vpsops');
    const page = await h.run('help instance delete');
    expect(page.text).toContain('Hentikan dan hapus instans (hostname diketik ulang)');
    expect(page.text).toContain('--remove-ip');
    expect(page.text).toContain('Lepas juga IP publiknya');
    expect(page.text).toContain('destruktif');
  });

  it('titles a refusal in Indonesian', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('instance stop web-1', ACTORS.viewer);
    expect(out.message.title).toBe('Tidak diizinkan');
  });
});

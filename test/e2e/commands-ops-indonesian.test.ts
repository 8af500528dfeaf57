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

  it('refuses an unknown help page in Indonesian, with the command as typed', async () => {
    h = await startHarness({ locale: 'id' });
    const out = await h.run('help instance stpo', ACTORS.viewer);
    expect(out.text).toContain('Tidak ada perintah `instance stpo`');
  });
});

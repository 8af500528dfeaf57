// A click on a confirmation that is already settled gets the precise answer: expired (and when),
// already confirmed by whom and when, or cancelled by whom and when — never a vague "already
// handled", and never a second API call.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY } from '../../../support/core-fakes.js';
import { JOURNAL_FILE } from '../../../../src/store/embedded/journal-file.js';

function clock(start = Date.parse('2024-01-25T03:12:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

describe('late clicks', () => {
  it('a click after the card expired on its own says it expired, with the time', async () => {
    const time = clock();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { run, act, fake } = await makeBot({
        policy: POLICY,
        now: time.now,
        env: { VPSOPS_CONFIRM_TTL_SECONDS: '5' },
      });
      const { token, responder } = await run('instance stop prod-web');
      time.advance(6_000);
      vi.advanceTimersByTime(6_000);
      vi.useRealTimers();
      await vi.waitFor(() => expect(responder.updates).toHaveLength(1));
      const late = await act(token!);
      expect(late.reply?.title).toBe('Expired');
      expect(renderText(late.reply!)).toContain(
        'This confirmation expired at 03:12:05 UTC — nothing was done.',
      );
      expect(renderText(late.reply!)).not.toContain('already handled');
      expect(fake.count('instance.stop')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a second Confirm says who already confirmed it and when', async () => {
    const time = clock();
    const { run, act, fake } = await makeBot({ policy: POLICY, now: time.now });
    const { token } = await run('instance stop prod-web');
    time.advance(3_000);
    await act(token!);
    time.advance(10_000);
    const again = await act(token!, actors.alice);
    expect(again.reply?.title).toBe('Already handled');
    expect(renderText(again.reply!)).toContain(
      'Already confirmed by @alice at 03:12:03 UTC — nothing more was done.',
    );
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('a Confirm after a Cancel says who cancelled it and when', async () => {
    const time = clock();
    const { run, act, fake } = await makeBot({ policy: POLICY, now: time.now });
    const { token } = await run('instance stop prod-web');
    time.advance(7_000);
    await act(token!, actors.alice, 'cancel');
    const late = await act(token!, actors.alice);
    expect(renderText(late.reply!)).toContain(
      'Already cancelled by @alice at 03:12:07 UTC — nothing was done.',
    );
    expect(fake.count('instance.stop')).toBe(0);
  });

  it('names someone other than the requester by their id', async () => {
    const time = clock();
    const { run, act } = await makeBot({
      policy: `${POLICY}approvals:\n  two_person: ["instance stop"]\n`,
      now: time.now,
    });
    const { token } = await run('instance stop prod-web', actors.alice);
    await act(token!, actors.admin);
    const late = await act(token!, actors.admin);
    expect(renderText(late.reply!)).toContain('Already confirmed by @U012ADMIN at 03:12:00 UTC');
  });
  it('answers another person’s click and a second Confirm in the clicker’s language (id)', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    const stranger = await act(token!, actors.carol, 'confirm', undefined, undefined, { locale: 'id' });
    expect(renderText(stranger.reply!)).toContain('Hanya ');
    expect(renderText(stranger.reply!)).toContain(', yang memintanya, yang dapat mengonfirmasi ini.');
    await act(token!);
    const again = await act(token!, actors.alice, 'confirm', undefined, undefined, { locale: 'id' });
    expect(renderText(again.reply!)).toMatch(/Sudah dikonfirmasi oleh .* pukul \d\d:\d\d:\d\d UTC/);
    const wrongPlace = await act(token!, actors.alice, 'confirm', undefined, undefined, {
      locale: 'id',
      channelId: 'C2',
    });
    expect(renderText(wrongPlace.reply!)).toMatch(/milik kanal lain|Sudah dikonfirmasi/);
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('a Confirm on a confirmation voided by journal damage says it was lost with the state, in en and id', async () => {
    const first = await makeBot({ policy: POLICY });
    const { token } = await first.run('instance stop prod-web');
    await first.bot.close();
    // A damaged line: nobody knows which confirmation it changed, so every pending one is voided.
    appendFileSync(join(first.config.dataDir, JOURNAL_FILE), 'garbage\n');
    const { act, fake } = await makeBot({ policy: POLICY, env: { VPSOPS_DATA_DIR: first.config.dataDir } });
    const late = await act(token!);
    const text = renderText(late.reply!);
    expect(text).toContain('This confirmation was lost with the bot’s state — nothing was done.');
    expect(text).toContain('Run the command again.');
    expect(text).not.toContain('already handled');
    const inIndonesian = await act(token!, actors.alice, 'confirm', undefined, undefined, { locale: 'id' });
    expect(renderText(inIndonesian.reply!)).toContain(
      'Konfirmasi ini hilang bersama data bot — tidak ada yang dijalankan.',
    );
    expect(fake.count('instance.stop')).toBe(0);
  });

  it('a voided confirmation that the audit trail shows confirmed says who confirmed it', async () => {
    const first = await makeBot({ policy: POLICY });
    const { token } = await first.run('instance stop prod-web');
    await first.act(token!);
    await first.bot.close();
    // The take's line is lost: the store alone would think the confirmation never ran.
    const path = join(first.config.dataDir, JOURNAL_FILE);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    writeFileSync(path, lines.filter((line) => !line.includes('"status":"used"')).join('\n') + '\n');
    const { act, fake } = await makeBot({ policy: POLICY, env: { VPSOPS_DATA_DIR: first.config.dataDir } });
    const late = await act(token!);
    expect(renderText(late.reply!)).toMatch(
      /Already confirmed by @alice at \d\d:\d\d:\d\d UTC — nothing more was done/,
    );
    expect(renderText(late.reply!)).not.toContain('lost');
    expect(fake.count('instance.stop')).toBe(0);
  });
});

// A channel's language: what everyone there sees (the public notice after a destructive action)
// follows `language` or VPSOPS_LOCALE, while each person's own replies keep their language.
import { afterEach, describe, expect, it } from 'vitest';
import { ACTORS, CHANNEL, startHarness, type Harness } from '../support/command-harness.js';

const announced = (out: { said: { kind: string }[]; text: string }) =>
  out.text.split('\n---\n')[out.said.findIndex((s) => s.kind === 'announce')] ?? '';

describe('the channel’s language', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('announces in the channel’s language while the requester’s card stays in theirs', async () => {
    h = await startHarness({ locale: 'en-US' });
    const set = await h.run('language id', ACTORS.admin);
    expect(set.message.title).toBe('Bahasa kanal diatur');
    const preview = await h.run('instance stop web-1');
    expect(preview.message.title).toBe('Stop web-1?');
    const done = await h.confirm(preview.token!);
    expect(done.text).toMatch(/Confirmed by .+ at \d{2}:\d{2}:\d{2} UTC/);
    expect(announced(done)).toMatch(/oscar menghentikan web-1 \(dikonfirmasi \d{2}:\d{2}:\d{2} UTC\)/);
  });

  it('announces in VPSOPS_LOCALE when the channel has no setting, and in English by default', async () => {
    h = await startHarness({ locale: 'en-US', env: { VPSOPS_LOCALE: 'id' } });
    const done = await h.confirm((await h.run('instance stop web-1')).token!);
    expect(announced(done)).toContain('menghentikan web-1');
    await h.close();
    h = await startHarness({ locale: 'id' });
    const english = await h.confirm((await h.run('instance stop web-1')).token!);
    expect(announced(english)).toMatch(/oscar stopped web-1 \(confirmed \d{2}:\d{2}:\d{2} UTC\)/);
  });

  it('shows the current language to anyone, and who set it', async () => {
    h = await startHarness({ locale: 'en-US' });
    const before = await h.run('language', ACTORS.viewer);
    expect(before.text).toContain('are in English, the bot’s default');
    await h.run('language id', ACTORS.admin);
    const after = await h.run('language', ACTORS.viewer);
    expect(after.text).toContain('are in Bahasa Indonesia, set by alice');
  });

  it('lets only admins change it, and refuses an unknown value with the supported ones', async () => {
    h = await startHarness({ locale: 'en-US' });
    const denied = await h.run('language id', ACTORS.operator);
    expect(denied.text).toContain('Only admins can change the channel’s language (your role: operator)');
    const unknown = await h.run('language fr', ACTORS.admin);
    expect(unknown.text).toContain('Unknown language “fr”: supported are en, id. Nothing changed.');
    const still = await h.run('language', ACTORS.viewer);
    expect(still.text).toContain('the bot’s default');
  });

  it('keeps one setting per channel', async () => {
    h = await startHarness({ locale: 'en-US' });
    await h.run('language id', ACTORS.admin, 'C0OTHER');
    const here = await h.run('language', ACTORS.viewer, CHANNEL);
    expect(here.text).toContain('English, the bot’s default');
  });
});

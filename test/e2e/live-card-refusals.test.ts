// `status --live` refused clearly where it cannot work, changing nothing: `off` without `--live`, and
// a bot whose watches are not posting (no channel poster that pins: exec, the console). The card
// speaks the channel's language.
import { afterAll, describe, expect, it } from 'vitest';
import { liveCards } from '../../src/watch/index.js';
import { setChannelLocale } from '../../src/core/channel-language.js';
import { CHANNEL, watchRig } from '../support/watch-rig.js';

describe('status --live refusals', () => {
  const rig = watchRig();
  afterAll(async () => (await rig).close());

  it('says `off` goes with --live, and that nothing can be pinned without a poster that pins', async () => {
    const { say, store } = await rig;
    expect(await say('status off')).toMatch(/“off” goes with --live: \/vps status --live off/);
    expect(await say('status --live')).toMatch(/cannot keep a pinned status card here/);
    expect(await say('status --live off')).toMatch(/no live status card/);
    expect(await liveCards(store).list()).toEqual([]);
  });

  it('keeps the card in the channel’s language, answering the asker in theirs', async () => {
    const { say, watching, log, store } = await rig;
    await watching.start([{ ...log.poster('r1'), setPinned: async () => undefined }]);
    // As an admin's `language id` leaves it.
    await setChannelLocale(store, 'slack', CHANNEL, { locale: 'id', setBy: 'slack:U0ADMIN', at: 0 });
    expect(await say('status --live')).toMatch(/kept current/);
    expect(log.entries.find((e) => e.kind === 'post')?.message.title).toBe(
      'Kanal ini, langsung — semua tenang',
    );
  });
});

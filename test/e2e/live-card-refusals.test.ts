// `status --live` refused clearly where it cannot work, changing nothing: `off` without `--live`, and
// a bot whose watches are not posting (no channel poster that pins: exec, the console).
import { afterAll, describe, expect, it } from 'vitest';
import { liveCards } from '../../src/watch/index.js';
import { watchRig } from '../support/watch-rig.js';

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
});

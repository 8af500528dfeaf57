// Silences (issue 24) through the real runner, watch module and simulator: `silence`, `silences`,
// `unsilence`; a silenced server's incident is recorded (and shown in `watches`) but not posted;
// bad input and viewers are refused with nothing changed; a silence ends by itself with one notice.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import { waitFor } from '../support/wait-for.js';
import { CACHE1, CHANNEL, pause, VIEWER, WEB2, watchRig as rig } from '../support/watch-rig.js';

describe('silences', { timeout: 60_000 }, () => {
  it('refuses an unknown server, an unknown location, a bad or too long duration and a viewer, changing nothing', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(1);
      expect(await r.say('silence web-9 2h')).toContain('web-9 is not a watched server — nothing changed.');
      expect(await r.say('silence location Atlantis 2h')).toContain(
        'No watched server is in location "Atlantis" — nothing changed.',
      );
      expect(await r.say('silence web-2 8d')).toContain('A silence lasts at most 7 days; 8d is longer.');
      expect(await r.say('silence web-2 soon')).toContain('"soon" is not a duration');
      const denied = await r.say('silence web-2 2h', VIEWER);
      expect(denied).not.toMatch(/Silenced/);
      expect(denied).toMatch(/operator|not allowed|permission/i);
      expect(await r.say('silences')).toMatch(/Nothing is silenced/);
      expect(await r.say('unsilence web-2')).toContain('web-2 is not silenced — nothing changed.');
    } finally {
      await r.close();
    }
  });

  it("records a silenced server's incident without posting it, shows the banner, and still alerts for others", async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      const set = await r.say('silence web-2 2h kernel upgrade');
      expect(set).toMatch(/Silenced web-2/);
      expect(set).toContain('Reason: kernel upgrade');
      const listed = await r.say('silences');
      expect(listed).toMatch(/web-2/);
      expect(listed).toMatch(/@oscar/);
      expect(listed).toMatch(/kernel upgrade/);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      await waitFor(() => r.log.posts(/cache-1: needs attention/)[0], 'the cache-1 alert', 5_000);
      await waitFor(
        async () =>
          /web-2[^\n]*ALERT: [^\n]*silenced until [^\n]*@oscar \(kernel upgrade\)/.test(
            await r.say('watches'),
          ),
        'the recorded web-2 incident with its banner',
      );
      await pause(300);
      expect(r.log.entries.filter((e) => /web-2/.test(renderText(e.message)))).toEqual([]);
      // Recovery of an incident never posted says nothing either.
      r.sim.state.setStatus(WEB2, 'Running');
      await waitFor(async () => /web-2[^\n]*OK \(Running\)/.test(await r.say('watches')), 'web-2 recovered');
      await pause(200);
      expect(r.log.entries.filter((e) => /web-2/.test(renderText(e.message)))).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('silences a whole location, and `unsilence` lets its alerts through again', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      expect(await r.say('silence location jakarta 1d planned move')).toMatch(/Silenced location Jakarta/);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      await waitFor(() => r.log.posts(/cache-1: needs attention/)[0], 'the cache-1 alert', 5_000);
      await pause(300);
      expect(r.log.posts(/web-2/)).toEqual([]);
      expect(await r.say('unsilence location Jakarta')).toMatch(/Silence of location Jakarta ended/);
      expect(await r.say('silences')).toMatch(/Nothing is silenced/);
      r.sim.state.setStatus(WEB2, 'Stopped');
      // cache-1 still fails: web-2's incident joins its storm group, whose card now names it.
      await waitFor(
        () => r.log.entries.find((e) => /web-2 — status Stopped/.test(renderText(e.message))),
        'the web-2 alert after unsilence',
        20_000, // the group card's edit is paced (at most one per 2 s, TEST_PACING)
      );
    } finally {
      await r.close();
    }
  });

  it('ends a silence by itself with one short notice in the channel it was set from', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      expect(await r.say('silence all 45m')).toMatch(/Silenced all watched servers/);
      r.clock.skew = 46 * 60_000;
      const notice = await waitFor(
        () => r.log.posts(/Silence of all watched servers ended/)[0],
        'the notice',
        5_000,
      );
      expect(notice.channelId).toBe(CHANNEL);
      await pause(400);
      expect(r.log.posts(/Silence of all watched servers ended/)).toHaveLength(1);
    } finally {
      await r.close();
    }
  });
});

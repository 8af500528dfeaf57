// Planned work does not page (issue 40): a scheduled stop of a watched, paged server silences that
// server's alerts from the run until it is Running again plus 5 minutes — a failure meanwhile is
// recorded, neither posted nor paged — while other servers still alert and page; 5 minutes after
// it is Running again its alerts page as before. The poller's clock is moved, not waited for.
import { describe, expect, it } from 'vitest';
import { createPagerDuty } from '../../src/paging/pagerduty.js';
import { scheduleBook, type ScheduledAction } from '../../src/core/schedule/schedule-book.js';
import { renderText } from '../../src/render/text.js';
import { startFakePagerDuty } from '../support/fake-pagerduty.js';
import { waitFor } from '../support/wait-for.js';
import { CACHE1, CHANNEL, OPS, pause, WEB2, watchRig } from '../support/watch-rig.js';

const KEY = 'R0UTINGKEY0123456789abcdef012345';

describe('a scheduled stop and the watch', { timeout: 60_000 }, () => {
  it('does not page for the stopped server until it is Running again + 5 min; others still page', async () => {
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const r = await watchRig({
      pagerDuty: createPagerDuty({ routingKey: KEY, url: pd.url, baseDelayMs: 10 }),
    });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      r.bot.startSchedules([r.log.poster('r1')], 50);
      const now = Date.now();
      const schedule: ScheduledAction = {
        id: 'quiet001',
        command: 'instance stop',
        args: { instance: { uuid: WEB2, label: 'web-2' } },
        auditArgs: { instance: 'web-2' },
        targets: ['web-2', WEB2],
        requester: OPS,
        platform: 'slack',
        channelId: CHANNEL,
        runAt: now,
        zone: 'UTC',
        createdAt: now - 60_000,
        invocationId: 'inv-quiet001',
      };
      await scheduleBook(r.store).put(schedule.id, schedule);
      await waitFor(
        () => r.log.entries.some((e) => /Stop requested for web-2/.test(renderText(e.message))),
        'the scheduled stop',
        10_000,
      ).catch((e: Error) => {
        throw new Error(e.message + r.log.entries.map((x) => renderText(x.message)).join('\n---\n'));
      });
      await waitFor(
        () => r.sim.state.live.instances.get(WEB2)?.status === 'Stopped',
        'web-2 stopped',
        10_000,
      );
      // A failure of the stopped server meanwhile: recorded, not posted, not paged; cache-1's is.
      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(
        async () => /web-2[^\n]*ALERT/.test(await r.say('watches')),
        'the recorded web-2 incident',
      );
      await pause(500);
      expect(pd.events).toEqual([]);
      expect(r.log.entries.filter((e) => /web-2: needs attention/.test(renderText(e.message)))).toEqual([]);
      r.sim.state.setStatus(CACHE1, 'Error');
      await waitFor(() => pd.events.find((e) => e.payload?.source === 'cache-1'), 'the cache-1 page', 5_000);
      // Running again: quiet for 5 more minutes, then its alerts page again.
      r.sim.state.setStatus(WEB2, 'Running');
      await waitFor(async () => /web-2[^\n]*OK \(Running\)/.test(await r.say('watches')), 'web-2 running');
      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(async () => /web-2[^\n]*ALERT/.test(await r.say('watches')), 'web-2 failing again');
      await pause(300);
      expect(pd.events.filter((e) => e.payload?.source === 'web-2')).toEqual([]);
      r.sim.state.setStatus(WEB2, 'Running');
      await waitFor(
        async () => /web-2[^\n]*OK \(Running\)/.test(await r.say('watches')),
        'web-2 running again',
      );
      // Past the 5 minutes: the next failure is posted and paged as before.
      r.clock.skew += 6 * 60_000;
      await pause(300);
      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(
        () => pd.events.find((e) => e.payload?.source === 'web-2'),
        'the web-2 page after the window',
        5_000,
      );
    } finally {
      await r.close();
      await pd.close();
    }
  });
});

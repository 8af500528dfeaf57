// Alerts leave through the paced poster (issue 24): the watch module wraps every channel poster it
// is started with, so an alert is counted in vpsops_outbound_total with its wait in the queue.
import { describe, expect, it } from 'vitest';
import { NO_ALERT_METRICS, type AlertMetrics } from '../../src/watch/index.js';
import { waitFor } from '../support/wait-for.js';
import { WEB2, watchRig } from '../support/watch-rig.js';

describe('pacing of alerts', { timeout: 60_000 }, () => {
  it('sends a watch alert through the per-channel pacer, counted with its delay', async () => {
    const seen: string[] = [];
    const metrics: AlertMetrics = {
      ...NO_ALERT_METRICS,
      outbound: (platform, method, outcome, delay) =>
        void seen.push(`${platform} ${method} ${outcome} ${delay === undefined ? '-' : 'timed'}`),
    };
    const r = await watchRig({ metrics });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(1);
      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(() => r.log.posts(/web-2: needs attention/)[0], 'the alert', 10_000);
      await waitFor(() => seen.includes('slack post sent timed'), 'the post counted', 5_000);
    } finally {
      await r.close();
    }
  });
});

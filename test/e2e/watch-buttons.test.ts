// An alert card's buttons run commands: Acknowledge is the hidden `alert ack <watch-id> <kind>`,
// parsed, authorised (a viewer is refused) and audited by the one pipeline like a typed command,
// and left out of help; Show is `instance show <uuid>`, a read a viewer may run.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import { CHANNEL, OPS, VIEWER, WEB2, watchRig } from '../support/watch-rig.js';

describe('alert card buttons', () => {
  it('runs Acknowledge through the pipeline: refused and audited for a viewer, done and audited for an operator', async () => {
    const r = await watchRig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(1);
      r.sim.state.setStatus(WEB2, 'Error');
      const alert = await waitFor(() => r.log.posts(/web-2: needs attention/)[0], 'the alert', 10_000);
      const command = (label: string) => alert.message.actions?.find((b) => b.label === label)?.command ?? '';
      const ack = command('Acknowledge');
      expect(ack).toMatch(/^alert ack [A-Za-z0-9_-]+ status$/);

      expect(await r.say(ack, VIEWER)).toMatch(/may not run `alert ack`/);
      expect(await r.say(ack, OPS)).toMatch(/Acknowledged the status alert on web-2; no more reminders/);
      const records = await r.bot.audit.recent(CHANNEL, 20, 'slack');
      const acks = records.filter((x) => x.command === 'alert ack');
      expect(acks.find((x) => x.userId === VIEWER.userId)).toMatchObject({ decision: 'denied' });
      expect(acks.find((x) => x.userId === OPS.userId)).toMatchObject({
        decision: 'allowed',
        result: 'ok',
        summary: expect.stringMatching(/^Acknowledged the status alert on web-2/) as unknown,
      });

      expect(await r.say(command('Show'), VIEWER)).toMatch(/web-2/);
      // The secondary row: Metrics (a read) and Silence 1 h (a change: refused for a viewer).
      expect(await r.say(command('Metrics'), VIEWER)).toMatch(/web-2/);
      expect(await r.say(command('Silence 1 h'), VIEWER)).toMatch(/may not run `silence`/);
      expect(await r.say(command('Silence 1 h'), OPS)).toMatch(/Silenced web-2/);
      expect(await r.say('silences', OPS)).toMatch(/web-2/);
      expect(await r.say('help', OPS)).not.toMatch(/alert/);
    } finally {
      await r.close();
    }
  });
});

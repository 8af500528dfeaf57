// Paging (issue 24): each incident sends one PagerDuty trigger with a stable dedup_key,
// Acknowledge in chat acknowledges it and recovery resolves it; a silenced server pages nothing;
// a routing key PagerDuty rejects is logged and counted while the alert is still posted in chat.
// The simulator, the real runner and watch module, and the fake PagerDuty Events API on loopback.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import { createPagerDuty } from '../../src/paging/pagerduty.js';
import { alertCommand, NO_ALERT_METRICS, watchId } from '../../src/watch/index.js';
import { waitFor } from '../support/wait-for.js';
import { startFakePagerDuty } from '../support/fake-pagerduty.js';
import { CACHE1, CHANNEL, pause, WEB2, watchRig } from '../support/watch-rig.js';

const KEY = 'R0UTINGKEY0123456789abcdef012345';

describe.concurrent('paging', { timeout: 60_000 }, () => {
  it('triggers once per incident with a dedup_key, acknowledges on Acknowledge and resolves on recovery', async () => {
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const r = await watchRig({
      pagerDuty: createPagerDuty({ routingKey: KEY, url: pd.url, baseDelayMs: 10 }),
    });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(1);
      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(() => r.log.posts(/web-2: needs attention/)[0], 'the alert', 5_000);
      const trigger = await waitFor(
        () => pd.events.find((e) => e.event_action === 'trigger'),
        'the trigger',
        5_000,
      );
      expect(trigger.dedup_key).toMatch(/\S/);
      expect(trigger.payload?.severity).toBe('critical');
      expect(trigger.payload?.source).toBe('web-2');
      expect(trigger.payload?.summary).toMatch(/web-2.*needs attention/);
      await pause(300);
      expect(pd.events.filter((e) => e.event_action === 'trigger')).toHaveLength(1);

      // The card's Acknowledge runs this hidden command for the clicker.
      const ack = alertCommand('ack', watchId('slack', CHANNEL, WEB2), 'status');
      expect(await r.say(ack)).toMatch(/Acknowledged the status alert on web-2/);
      await waitFor(() => pd.alerts().get(trigger.dedup_key) === 'acknowledged', 'the acknowledge', 5_000);

      r.sim.state.setStatus(WEB2, 'Running');
      await waitFor(() => pd.alerts().get(trigger.dedup_key) === 'resolved', 'the resolve', 5_000);
      expect(pd.events.map((e) => [e.event_action, e.dedup_key])).toEqual([
        ['trigger', trigger.dedup_key],
        ['acknowledge', trigger.dedup_key],
        ['resolve', trigger.dedup_key],
      ]);
    } finally {
      await r.close();
      await pd.close();
    }
  });

  it('pages nothing for a silenced server while paging the others', async () => {
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const r = await watchRig({
      pagerDuty: createPagerDuty({ routingKey: KEY, url: pd.url, baseDelayMs: 10 }),
    });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      expect(await r.say('silence web-2 1h')).toMatch(/Silenced web-2/);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      await waitFor(
        () => pd.events.find((e) => e.payload?.source === 'cache-1'),
        'the cache-1 trigger',
        5_000,
      );
      await pause(400);
      expect(
        pd.events.filter((e) => e.payload?.source === 'web-2' || /web-2/.test(e.payload?.summary ?? '')),
      ).toEqual([]);
      expect(pd.events).toHaveLength(1);
    } finally {
      await r.close();
      await pd.close();
    }
  });

  it('still posts the alert when PagerDuty rejects the routing key, and counts the rejection', async () => {
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const counted: string[] = [];
    const r = await watchRig({
      pagerDuty: createPagerDuty({
        routingKey: 'WRONGKEY0123456789abcdef01234567',
        url: pd.url,
        baseDelayMs: 10,
      }),
      metrics: { ...NO_ALERT_METRICS, paged: (action, outcome) => void counted.push(`${action}:${outcome}`) },
    });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(1);
      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(() => r.log.posts(/web-2: needs attention/)[0], 'the alert', 5_000);
      await waitFor(() => counted.includes('trigger:rejected') || undefined, 'the counted rejection', 5_000);
      expect(pd.events).toEqual([]);
      expect(counted).toEqual(['trigger:rejected']);
    } finally {
      await r.close();
      await pd.close();
    }
  });

  it('pages nothing for a watch set with --no-page, and refuses --page with --no-page', async () => {
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const r = await watchRig({
      pagerDuty: createPagerDuty({ routingKey: KEY, url: pd.url, baseDelayMs: 10 }),
    });
    try {
      expect(await r.say(`watch ${WEB2} --page --no-page`)).toContain('not both');
      expect(await r.say(`watch ${WEB2} --no-page`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1} --page`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      // On its own card or on cache-1's storm group card, whichever failed first.
      await waitFor(
        () => r.log.entries.find((e) => /web-2/.test(renderText(e.message))),
        'the web-2 alert in chat',
        5_000,
      );
      await waitFor(
        () => pd.events.find((e) => e.payload?.source === 'cache-1'),
        'the cache-1 trigger',
        5_000,
      );
      await pause(300);
      // cache-1's page, and (if they formed a storm) the storm's re-sent under that same key (issue 38).
      expect(pd.events[0]?.payload?.source).toBe('cache-1');
      expect(new Set(pd.events.map((e) => e.dedup_key)).size).toBe(1);
      expect(pd.events.map((e) => e.payload?.source)).not.toContain('web-2');
    } finally {
      await r.close();
      await pd.close();
    }
  });

  it('acknowledges a storm group from its card: every member, one PagerDuty acknowledge, audited, shown on the card', async () => {
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const r = await watchRig({
      pagerDuty: createPagerDuty({ routingKey: KEY, url: pd.url, baseDelayMs: 10 }),
    });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      r.sim.state.setStatus(WEB2, 'Error');
      r.sim.state.setStatus(CACHE1, 'Error');
      const card = await waitFor(
        () => r.log.entries.filter((e) => /2 servers need attention/.test(e.message.title ?? '')).at(-1),
        'the group card',
        10_000,
      );
      const ack = card.message.actions?.find((b) => b.label === 'Acknowledge')?.command ?? '';
      expect(ack).toMatch(/^alert ack \S+ status$/);
      const trigger = await waitFor(
        () => pd.events.find((e) => e.event_action === 'trigger'),
        'the trigger',
        5_000,
      );
      expect(await r.say(ack)).toMatch(/Acknowledged the storm of 2 servers/);
      expect(await r.say(ack)).toMatch(/already acknowledged/);
      await waitFor(() => pd.alerts().get(trigger.dedup_key) === 'acknowledged', 'the acknowledge', 5_000);
      const acked = await waitFor(
        () =>
          r.log.entries.filter(
            (e) => e.ref.id === card.ref.id && /Acknowledged by/.test(renderText(e.message)),
          )[0],
        'the card naming who acknowledged',
        5_000,
      );
      expect(acked.message.actions).toBeUndefined();
      await pause(200);
      expect(pd.events.filter((e) => e.event_action === 'acknowledge')).toHaveLength(1);
      const records = await r.bot.audit.recent(CHANNEL, 20, 'slack');
      expect(records.filter((x) => x.command === 'alert ack' && x.result === 'ok')).toHaveLength(1);
      // Every member acknowledged, as `watches` shows.
      expect((await r.say('watches')).match(/acknowledged by @oscar/g)).toHaveLength(2);
    } finally {
      await r.close();
      await pd.close();
    }
  });
});

// A storm's page is never left open after its resolve (review 1.3): the repage decided by one poll
// and the resolve sent by the poll that ended the group reach PagerDuty in the order they were
// decided — a resolve waits for a trigger still on its way — and a trigger whose group has ended
// by its turn is not sent. The fake PagerDuty holds each trigger until the test lets it arrive.
import { describe, expect, it } from 'vitest';
import type { PagerDuty, PageTrigger } from '../../../../src/paging/pagerduty.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { createIncidentPager } from '../../../../src/watch/delivery/incident-pages.js';

const KEY = 'vpsops-w1-status-1700000000000';
const page: PageTrigger = {
  dedupKey: KEY,
  summary: '2 servers need attention',
  source: 'web-1',
  kind: 'status',
};

/** PagerDuty as it applies events, in arrival order; triggers arrive when `deliver` is called. */
function slowTriggerPagerDuty() {
  const arrived: string[] = [];
  const held: (() => void)[] = [];
  const pagerDuty: PagerDuty = {
    trigger: (event) =>
      new Promise((resolve) => {
        held.push(() => {
          arrived.push(`trigger ${event.dedupKey}`);
          resolve({ ok: true });
        });
      }),
    acknowledge: async (key) => (arrived.push(`acknowledge ${key}`), { ok: true }),
    resolve: async (key) => (arrived.push(`resolve ${key}`), { ok: true }),
  };
  const deliver = () => held.splice(0).forEach((arrive) => arrive());
  return { pagerDuty, arrived, deliver, waiting: () => held.length };
}

const pagerOver = (pagerDuty: PagerDuty) =>
  createIncidentPager({
    pagerDuty,
    state: createMemoryStore().ephemeral,
    count: () => undefined,
    warn: () => undefined,
  });

/** Lets every promise chain that can move on do so. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** A storm repage sent and held on its way; `end()` ends its group in the shared record. */
async function repageOnItsWay() {
  const pd = slowTriggerPagerDuty();
  const pager = pagerOver(pd.pagerDuty);
  let ended = false;
  const repage = pager.stormTriggered(page, async () => ended);
  await settle();
  expect(pd.waiting()).toBe(1);
  return { pd, pager, repage, end: () => void (ended = true) };
}

/** The alert PagerDuty shows at the end: the latest action that arrived. */
const lastOf = (arrived: string[]) => arrived.at(-1)?.split(' ')[0];

describe('the order of a storm page’s PagerDuty events', () => {
  it('sends the resolve after a repage still on its way, and the alert ends resolved', async () => {
    const { pd, pager, repage, end } = await repageOnItsWay();
    // Meanwhile the last failing server recovers: the group ends and its page is resolved.
    end();
    const resolve = pager.stormFollowed('resolve', KEY);
    await settle();
    pd.deliver();
    await Promise.all([repage, resolve]);

    expect(pd.arrived[0]).toBe(`trigger ${KEY}`);
    expect(lastOf(pd.arrived)).toBe('resolve');
  });

  it('does not send a repage whose group ended before its turn', async () => {
    const pd = slowTriggerPagerDuty();
    const pager = pagerOver(pd.pagerDuty);
    await pager.stormFollowed('resolve', KEY);
    const repage = pager.stormTriggered(page, async () => true);
    await settle();
    pd.deliver();
    await repage;

    expect(pd.arrived).toEqual([`resolve ${KEY}`]);
  });

  it('resolves a repage once more when its group ended while it was sent (another replica’s resolve)', async () => {
    const { pd, repage, end } = await repageOnItsWay();
    end(); // ended and resolved elsewhere: this process hears nothing of it
    pd.deliver();
    await repage;

    expect(pd.arrived).toEqual([`trigger ${KEY}`, `resolve ${KEY}`]);
  });
});

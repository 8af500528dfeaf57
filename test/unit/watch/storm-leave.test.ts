// Every incident ends (issue 38, item 1): a member that leaves an open storm by any path other than
// recovery — silenced, unwatched, deleted — leaves the group with a line saying why, and once no
// member needs attention the group recovers: its card, one recovery notice, PagerDuty resolved.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../../src/render/text.js';
import { hostOf, stormRig, uuidOf, type StormRig } from '../../support/storm-rig.js';

const SERVERS = 6;

async function openStorm(): Promise<StormRig> {
  const s = await stormRig(SERVERS);
  await s.pollAll();
  s.setAll('Error');
  await s.pollAll();
  await s.pollAll();
  return s;
}

/** The group card as it reads now. */
function groupCardNow(s: StormRig): string {
  const card = s.latestCards().find((e) => /servers? (need|recovered)/.test(renderText(e.message)));
  return card ? renderText(card.message) : '';
}

function expectAllOver(s: StormRig): void {
  expect(s.askingForAttention()).toEqual([]);
  expect([...s.pageStates()].filter(([, action]) => action !== 'resolve')).toEqual([]);
  const notices = s.log.posts(/./).map((p) => renderText(p.message));
  expect(
    notices.filter((n) => /The storm \(.*\) is over after .*: \d+ recovered, 1 left/.test(n)),
  ).toHaveLength(1);
}

describe('a member leaving an open storm', () => {
  it('a silenced member leaves with a line saying so, and the storm recovers when the rest do', async () => {
    const s = await openStorm();
    await s.silence({ type: 'instance', ref: uuidOf(3) }, '30m');
    await s.pollAll();
    expect(groupCardNow(s)).toMatch(`${hostOf(3)} — left: silenced`);
    s.setAll('Running');
    await s.pollAll();
    await s.pollAll();
    expectAllOver(s);
    // The silence ending later changes nothing: fleet-03 is Running.
    await s.unsilence({ type: 'instance', ref: uuidOf(3) });
    await s.pollAll();
    expectAllOver(s);
  });

  it.each([
    {
      how: 'unwatched',
      n: 5,
      leave: (s: StormRig) => s.unwatch(5).then(() => undefined),
      line: 'no longer watched',
    },
    { how: 'deleted', n: 4, leave: async (s: StormRig) => s.set(4, 'gone'), line: 'no longer exists' },
  ])('a $how member leaves with a line saying so, and the storm recovers when the rest do', async (c) => {
    const s = await openStorm();
    await c.leave(s);
    await s.pollAll();
    expect(groupCardNow(s)).toMatch(`${hostOf(c.n)} — left: ${c.line}`);
    s.setAll('Running');
    await s.pollAll();
    await s.pollAll();
    expectAllOver(s);
  });

  it('a silenced member still failing when its silence ends opens an incident of its own', async () => {
    const s = await openStorm();
    await s.silence({ type: 'instance', ref: uuidOf(2) }, '30m');
    await s.pollAll();
    for (const n of [1, 3, 4, 5, 6]) s.set(n, 'Running');
    await s.pollAll();
    await s.pollAll();
    expectAllOver(s);
    s.advance(31 * 60_000);
    await s.pollAll();
    await s.pollAll();
    const own = s.log.posts(new RegExp(`^${hostOf(2)}: needs attention`));
    expect(own).toHaveLength(1);
    expect([...s.pageStates()].filter(([, a]) => a === 'trigger')).toHaveLength(1);
    s.set(2, 'Running');
    await s.pollAll();
    expect(s.askingForAttention()).toEqual([]);
    expect([...s.pageStates()].filter(([, a]) => a !== 'resolve')).toEqual([]);
  });
});

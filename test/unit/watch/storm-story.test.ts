// A storm group paged as one incident (issue 41): its page reaches the channel's story when it is
// sent, acknowledged from the group card and resolved when the last member recovers, each naming the
// group's servers, so `timeline` shows them in both languages.
import { describe, expect, it } from 'vitest';
import { itemText } from '../../../commands/shared/story-lines.js';
import { stormRig } from '../../support/storm-rig.js';

const GROUP = 'fleet-01, fleet-02, fleet-03';

/** A rig whose servers all failed in one poll (one storm), and the Acknowledge its group card offers. */
async function storm(servers: number) {
  const s = await stormRig(servers);
  await s.pollAll();
  s.setAll('Error');
  for (let poll = 0; poll < 3; poll += 1) await s.pollAll();
  const ack = s
    .latestCards()
    .flatMap((e) => e.message.actions ?? [])
    .map((b) => ('command' in b ? b.command : undefined))
    .find((c) => c?.startsWith('alert ack '));
  return { s, ack: ack! };
}

describe('a storm group’s page in the channel’s story', () => {
  it('is told when sent, acknowledged and resolved, naming the group’s servers', async () => {
    const { s, ack } = await storm(3);
    await s.click(ack);
    s.setAll('Running');
    await s.pollAll();
    await s.pollAll();

    const story = await s.store.story.read('slack:C1', 0, 1_000);
    const pages = story.filter((e) => e.kind.includes('page')).map((e) => [e.kind, e.subject, e.detail]);
    // The storm paged as one (all three failed in one poll), acknowledged and resolved — as the group's.
    expect(pages.filter(([kind]) => kind!.startsWith('group-'))).toEqual([
      ['group-paged', GROUP, 'status'],
      ['group-page-acknowledged', GROUP, 'status'],
      ['group-page-resolved', GROUP, 'status'],
    ]);
    // Its opener paged on its own first (its dedup key is the storm's); nothing else is told of it.
    expect(pages.filter(([kind]) => !kind!.startsWith('group-'))).toEqual([['paged', 'fleet-01', 'status']]);
    // The acknowledge is the group's, told once (not also as its first member's page).
    expect(s.sent.filter((p) => p.action === 'acknowledge')).toHaveLength(1);

    const lines = (locale: 'en' | 'id') =>
      story
        .filter((e) => e.kind.startsWith('group-'))
        .map((e) => itemText({ at: e.at, kind: e.kind, subject: e.subject ?? '', detail: e.detail }, locale));
    expect(lines('en')).toEqual([
      `📟 group card paged as one incident: ${GROUP} — status`,
      `📟 group card’s page acknowledged: ${GROUP} — status`,
      `📟 group card’s page resolved: ${GROUP} — status`,
    ]);
    expect(lines('id')).toEqual([
      `📟 kartu grup di-page sebagai satu insiden: ${GROUP} — status`,
      `📟 page kartu grup ditangani: ${GROUP} — status`,
      `📟 page kartu grup diselesaikan: ${GROUP} — status`,
    ]);
  });

  it('tells the acknowledge as the group’s when the server whose page the storm took recovered first', async () => {
    const { s, ack } = await storm(3);
    s.set(1, 'Running');
    await s.pollAll();
    await s.click(ack);
    const story = await s.store.story.read('slack:C1', 0, 1_000);
    expect(story.filter((e) => e.kind.includes('acknowledged')).map((e) => [e.kind, e.subject])).toEqual([
      ['group-page-acknowledged', GROUP],
    ]);
  });

  it('names five of a bigger storm’s servers and counts the rest', async () => {
    const { s } = await storm(7);
    const story = await s.store.story.read('slack:C1', 0, 1_000);
    expect(story.filter((e) => e.kind === 'group-paged').map((e) => e.subject)).toEqual([
      'fleet-01, fleet-02, fleet-03, fleet-04, fleet-05 +2',
    ]);
  });
});

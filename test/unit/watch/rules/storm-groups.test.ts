// Storm grouping: the first incident of a channel opens a group (its own card), later ones within
// the window with the same kind or location join it, members recover one by one and the group
// ends — with one recovery — when the last one does; the card and its thread name every member.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderText } from '../../../../src/render/text.js';
import {
  groupCard,
  groupHeadline,
  groupRecoveredNotice,
  groupThreadTexts,
} from '../../../../src/watch/cards/group-card.js';
import {
  activeMembers,
  DEFAULT_GROUP_WINDOW_MS,
  placeIncident,
  recoverMember,
  type GroupIncident,
  type StormGroup,
} from '../../../../src/watch/rules/storm-groups.js';

const T0 = Date.parse('2026-11-25T03:00:00Z');
const C1 = { platform: 'slack', channelId: 'C1' };

const incident = (n: number, over: Partial<GroupIncident> = {}): GroupIncident => ({
  watchId: `w${n}`,
  hostname: `web-${n}`,
  uuid: `uuid-${n}`,
  kind: 'status',
  location: 'Jakarta 1',
  detail: 'Error',
  openedAt: T0 + n * 100,
  ...over,
});

/** Feeds incidents through placeIncident the way a store would keep the groups. */
function storm(incidents: GroupIncident[], channel = C1, windowMs?: number) {
  let groups: StormGroup[] = [];
  const decisions = incidents.map((inc) => {
    const d = placeIncident(groups, channel, inc, windowMs === undefined ? {} : { windowMs });
    groups = [...groups.filter((g) => g.id !== d.group.id), d.group];
    return d.type;
  });
  return { groups, decisions };
}

describe('placeIncident', () => {
  it('opens a group for the first incident of a channel and lets the storm join it', () => {
    const { groups, decisions } = storm(Array.from({ length: 30 }, (_, i) => incident(i + 1)));
    expect(decisions[0]).toBe('open');
    expect(decisions.slice(1).every((d) => d === 'join')).toBe(true);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.members.map((m) => m.hostname)).toHaveLength(30);
  });

  it('groups by the same kind in another location, or the same location with another kind', () => {
    const { groups } = storm([
      incident(1),
      incident(2, { location: 'Tallinn' }),
      incident(3, { kind: 'cpu', detail: 'CPU 93 %' }),
    ]);
    expect(groups).toHaveLength(1);
  });

  it('keeps a server in one open group: its second incident joins the group it is already in', () => {
    const { groups } = storm([
      incident(1, { location: 'Bandung' }),
      incident(2, { location: 'Jakarta 1' }),
      incident(3, { kind: 'cpu', detail: 'CPU 93 %', location: 'Surabaya' }),
      incident(2, { kind: 'cpu', detail: 'CPU 97 %', location: 'Jakarta 1', openedAt: T0 + 400 }),
    ]);
    const open = groups.filter((g) => g.members.some((m) => m.watchId === 'w2'));
    expect(open).toHaveLength(1);
    const home = open[0] as StormGroup;
    expect(home.members.filter((m) => m.watchId === 'w2').map((m) => m.kind)).toEqual(['status', 'cpu']);
    // Counted once: two servers (web-1, web-2), three incidents.
    expect(groupHeadline(home)).toMatch(/^2 servers need attention/);
    expect(renderText(groupCard(home))).toMatch(/Failing\W+2\b/);
  });

  it('opens a new group for an incident sharing neither kind nor location', () => {
    const { groups, decisions } = storm([incident(1), incident(2, { kind: 'cpu', location: 'Tallinn' })]);
    expect(decisions).toEqual(['open', 'open']);
    expect(groups).toHaveLength(2);
  });

  it('opens a new group once the window after the first incident has passed', () => {
    const late = incident(2, { openedAt: T0 + 100 + DEFAULT_GROUP_WINDOW_MS + 1 });
    expect(storm([incident(1), late]).decisions).toEqual(['open', 'open']);
    expect(storm([incident(1), late], C1, 60_000).decisions).toEqual(['open', 'join']);
  });

  it('never groups across channels or platforms', () => {
    let groups: StormGroup[] = [placeIncident([], C1, incident(1)).group];
    const other = placeIncident(groups, { platform: 'slack', channelId: 'C2' }, incident(2));
    const discord = placeIncident(groups, { platform: 'discord', channelId: 'C1' }, incident(3));
    expect([other.type, discord.type]).toEqual(['open', 'open']);
    groups = [...groups, other.group];
    expect(placeIncident(groups, C1, incident(4)).group.id).toBe(groups[0]?.id);
  });

  it('is idempotent: the same incident seen again (another replica) changes nothing', () => {
    const { groups } = storm([incident(1), incident(2)]);
    const again = placeIncident(groups, C1, incident(2, { openedAt: T0 + 900 }));
    expect(again).toEqual({ type: 'member', group: groups[0] });
  });

  it('gives the same group id whichever replica decides, and does not mutate its input', () => {
    const first = placeIncident([], C1, incident(1)).group;
    expect(placeIncident([], C1, incident(1)).group.id).toBe(first.id);
    const before = structuredClone(first);
    placeIncident([first], C1, incident(2));
    expect(first).toEqual(before);
  });

  it('never lets an ended group take new members', () => {
    const { groups } = storm([incident(1)]);
    const ended = recoverMember(groups[0] as StormGroup, incident(1), T0 + 5000).group;
    expect(placeIncident([ended], C1, incident(2)).type).toBe('open');
  });

  it('puts every incident of any storm in exactly one group of its channel', () => {
    const arb = fc.array(
      fc.record({
        n: fc.integer({ min: 1, max: 40 }),
        kind: fc.constantFrom('status', 'cpu', 'memory', 'gone', 'unreachable' as const),
        location: fc.constantFrom('Jakarta 1', 'Tallinn', 'Dubai'),
        dt: fc.integer({ min: 0, max: 20_000 }),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(arb, (events) => {
        let at = T0;
        const incidents = events.map((e) => {
          at += e.dt;
          return incident(e.n, { kind: e.kind, location: e.location, openedAt: at });
        });
        const { groups } = storm(incidents);
        const keys = groups.flatMap((g) => g.members.map((m) => `${m.watchId}:${m.kind}`));
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(new Set(incidents.map((i) => `${i.watchId}:${i.kind}`)));
        for (const g of groups)
          for (const m of g.members) {
            // A server's further incident follows it into the group it is already in.
            if (g.members.some((o) => o !== m && o.watchId === m.watchId && o.openedAt <= m.openedAt))
              continue;
            expect(Math.abs(m.openedAt - g.openedAt)).toBeLessThanOrEqual(DEFAULT_GROUP_WINDOW_MS);
            expect(m.kind === g.kind || m.location === g.location).toBe(true);
          }
        // One server, one open group.
        const open = groups.filter((g) => g.endedAt === undefined);
        const servers = open.flatMap((g) => [...new Set(g.members.map((m) => m.watchId))]);
        expect(new Set(servers).size).toBe(servers.length);
      }),
    );
  });
});

describe('recoverMember', () => {
  it('counts members down and ends the group exactly once, when the last one recovers', () => {
    let group = storm([incident(1), incident(2), incident(3)]).groups[0] as StormGroup;
    const ends: boolean[] = [];
    for (const n of [2, 1, 1, 3, 3]) {
      const out = recoverMember(group, incident(n), T0 + 60_000 + n);
      ends.push(out.ended);
      group = out.group;
    }
    expect(ends).toEqual([false, false, false, true, false]);
    expect(activeMembers(group)).toEqual([]);
    expect(group.endedAt).toBe(T0 + 60_003);
  });

  it('brings a member that fails again during the storm back to the card', () => {
    let group = storm([incident(1), incident(2)]).groups[0] as StormGroup;
    group = recoverMember(group, incident(2), T0 + 5000).group;
    const again = placeIncident([group], C1, incident(2, { openedAt: T0 + 8000 }));
    expect(again.type).toBe('join');
    expect(activeMembers(again.group).map((m) => m.hostname)).toEqual(['web-1', 'web-2']);
    expect(again.group.members).toHaveLength(2);
  });
});

describe('group card', () => {
  it('heads the card with the count and what the servers share', () => {
    const group = storm(Array.from({ length: 30 }, (_, i) => incident(i + 1))).groups[0] as StormGroup;
    expect(groupHeadline(group)).toBe('30 servers need attention — Jakarta 1 · status Error');
    const mixed = storm([incident(1), incident(2, { location: 'Tallinn', detail: 'Stopped' })])
      .groups[0] as StormGroup;
    expect(groupHeadline(mixed)).toBe('2 servers need attention — status');
    const cpu = storm([
      incident(1, { kind: 'cpu', detail: 'CPU 93 %' }),
      incident(2, { kind: 'cpu', detail: 'CPU 97 %' }),
    ]).groups[0] as StormGroup;
    expect(groupHeadline(cpu)).toBe('2 servers need attention — Jakarta 1 · CPU above threshold');
  });

  it('lists the first hostnames on the card and points to the thread for the rest', () => {
    const group = storm(Array.from({ length: 30 }, (_, i) => incident(i + 1))).groups[0] as StormGroup;
    const card = renderText(groupCard(group, { shown: 5 }));
    for (const n of [1, 2, 3, 4, 5]) expect(card).toContain(`web-${n} — status Error (Jakarta 1)`);
    expect(card).not.toContain('web-6 ');
    expect(card).toContain('…and 25 more — all 30 in the thread.');
  });

  it('changes only when membership does, not as time passes', () => {
    const group = storm([incident(1), incident(2)]).groups[0] as StormGroup;
    expect(groupCard(group)).toEqual(groupCard(structuredClone(group)));
    const after = recoverMember(group, incident(1), T0 + 9000).group;
    expect(renderText(groupCard(after))).toContain('✅ web-1 — recovered');
    expect(groupHeadline(after)).toBe('1 server needs attention — Jakarta 1 · status Error');
  });

  it('names every member in thread texts within the limit', () => {
    const group = storm(
      Array.from({ length: 120 }, (_, i) =>
        incident(i + 1, { hostname: `server-${i + 1}.jakarta.example.com` }),
      ),
    ).groups[0] as StormGroup;
    const chunks = groupThreadTexts(group, { maxChars: 500 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(500);
    const all = chunks.join('\n');
    for (let n = 1; n <= 120; n++) expect(all).toContain(`server-${n}.jakarta.example.com —`);
  });

  it('says once that the whole storm recovered', () => {
    let group = storm([incident(1), incident(2)]).groups[0] as StormGroup;
    group = recoverMember(group, incident(1), T0 + 60_000).group;
    group = recoverMember(group, incident(2), group.openedAt + 240_000).group;
    expect(groupHeadline(group)).toBe('2 servers recovered — Jakarta 1 · status Error');
    expect(groupCard(group).tone).toBe('success');
    expect(groupRecoveredNotice(group, T0 + 300_000).summary).toBe(
      'All 2 servers of the storm (Jakarta 1 · status Error) recovered after 4 min.',
    );
  });
});

describe('the group card in Indonesian', () => {
  it('writes the headline, counts, member lines, thread and recovery in the channel’s language', () => {
    const { groups } = storm(Array.from({ length: 12 }, (_, i) => incident(i + 1)));
    const group = groups[0]!;
    const card = groupCard(group, { shown: 5, locale: 'id' });
    expect(card.title).toBe('12 server perlu perhatian — Jakarta 1 · status Error');
    const text = renderText(card);
    expect(text).toMatch(/Gagal\W+12/);
    expect(text).toContain('• web-1 — status Error (Jakarta 1)');
    expect(text).toContain('…dan 7 lainnya — semua 12 ada di utas.');
    expect(text).not.toMatch(/Failing|need attention|in the thread/);
    expect(groupThreadTexts(group, { locale: 'id' }).join('\n').split('\n')).toHaveLength(12);
    let ended = group;
    for (let n = 1; n <= 12; n += 1)
      ended = recoverMember(ended, { watchId: `w${n}`, kind: 'status' }, T0 + 600_000).group;
    expect(groupHeadline(ended, 'id')).toBe('12 server pulih — Jakarta 1 · status Error');
    expect(groupRecoveredNotice(ended, T0 + 600_000, 'id').summary).toMatch(
      /^Semua 12 server dalam gangguan ini \(Jakarta 1 · status Error\) pulih setelah /,
    );
  });
});

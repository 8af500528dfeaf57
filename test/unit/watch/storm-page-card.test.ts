// A storm paged and shown as a storm (issue 38, items 3 and 4): one PagerDuty alert whose summary
// names the storm, its members in custom_details (sorted, capped), re-sent with the same dedup key
// when the count changes by half; a group card with one icon, failing members first and in order,
// no internal id, and the actions an on-call needs (Acknowledge, Silence <location> 1 h, Show
// members, the runbook) within both platforms' limits.
import { describe, expect, it } from 'vitest';
import { message, text } from '../../../src/render/builders.js';
import { renderText } from '../../../src/render/text.js';
import { checkRendered } from '../../support/render-conformance.js';
import { hostOf, stormRig, type SentPage } from '../../support/storm-rig.js';

const SERVERS = 30;

/** What Slack's and Discord's checks find in the Show members answer, rendered as the command sends it. */
const membersFindings = (list: { title: string; lines: string[] }) =>
  checkRendered(
    message(
      list.title,
      list.lines.map((l) => text(l)),
    ),
  );

const triggers = (sent: SentPage[]) =>
  sent.filter((s): s is Extract<SentPage, { action: 'trigger' }> => s.action === 'trigger');

describe('a storm’s page', () => {
  it('names the storm, lists its members and is re-sent under one dedup key as it grows and shrinks', async () => {
    const s = await stormRig(SERVERS);
    await s.pollAll();
    // The storm grows over three polls: 2, 4, then all 30 servers.
    for (const upTo of [2, 4, SERVERS]) {
      for (let n = 1; n <= upTo; n += 1) s.set(n, 'Error');
      await s.pollAll();
    }
    await s.pollAll();
    const sent = triggers(s.sent);
    expect(new Set(sent.map((p) => p.key)).size).toBe(1);
    const last = sent.at(-1)!.event;
    const count = Number(/^(\d+) servers need attention — Jakarta 1 · status Error$/.exec(last.summary)?.[1]);
    expect(count).toBeGreaterThanOrEqual(SERVERS / 2);
    expect(last.source).toBe('Jakarta 1');
    const members = String(last.customDetails?.members).split(', ');
    expect(members).toHaveLength(25);
    expect(members).toEqual([...members].sort());
    expect(last.customDetails).toMatchObject({ servers: count, unlisted: count - 25, location: 'Jakarta 1' });
    // The first member's page, then the storm's as it grew by half or more (2, 4, 30) — not once per member.
    expect(sent[0]!.event.summary).toBe(`${hostOf(1)}: needs attention (Status Error)`);
    expect(sent.slice(1).map((p) => p.event.customDetails?.servers)).toEqual([2, 4, count]);

    for (let n = 1; n <= 24; n += 1) s.set(n, 'Running');
    await s.pollAll();
    const shrunk = triggers(s.sent).at(-1)!.event;
    expect(shrunk.summary).toMatch(/^\d servers need attention/);
    expect(new Set(triggers(s.sent).map((p) => p.key)).size).toBe(1);
    s.setAll('Running');
    await s.pollAll();
    expect([...s.pageStates()]).toEqual([[sent[0]!.key, 'resolve']]);
  });
});

describe('Show members of a big storm', () => {
  it('lists what fits one message on both platforms and counts the rest', async () => {
    const s = await stormRig(300);
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    const card = s.latestCards().find((e) => /servers need attention/.test(e.message.title ?? ''))!;
    const members = card.message.actions!.find((b) => b.label === 'Show members') as { command: string };
    const list = await s.members(members.command);
    expect(membersFindings(list)).toEqual([]);
    expect(list.lines.at(-1)).toMatch(/^…and \d+ more — `watches` lists them all\.$/);
  });
});

describe('the storm’s card', () => {
  it('has one icon, members failing first and in order, no internal id, and the on-call’s actions', async () => {
    const s = await stormRig(12, {
      runbookFor: (host) => (host === hostOf(7) ? 'https://runbooks.example/storm' : undefined),
    });
    await s.pollAll();
    s.setAll('Error');
    await s.pollAll();
    for (const n of [1, 2, 3]) s.set(n, 'Running');
    await s.pollAll();
    const card = s.latestCards().find((e) => /servers need attention/.test(e.message.title ?? ''))!;
    const shown = renderText(card.message);
    expect(shown.split('\n')[0]).toBe('‼ 9 servers need attention — Jakarta 1 · status Error');
    expect(shown).not.toMatch(/\bg-|Group /);
    const lines = shown.split('\n').filter((l) => / — (status|recovered)/.test(l));
    expect(lines.slice(0, 9)).toEqual(
      [4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `• ${hostOf(n)} — status Error (Jakarta 1)`),
    );
    expect(lines.slice(9)).toEqual([1, 2, 3].map((n) => `✅ ${hostOf(n)} — recovered`));
    const actions = card.message.actions ?? [];
    expect(actions.map((b) => b.label)).toEqual([
      'Acknowledge',
      'Silence Jakarta 1 1 h',
      'Show members',
      'Snooze 1 h',
      'Runbook',
    ]);
    expect(actions[1]).toMatchObject({ command: 'silence location Jakarta 1 1h' });
    expect(actions[4]).toMatchObject({ url: 'https://runbooks.example/storm', more: true });
    expect(checkRendered(card.message)).toEqual([]);

    const list = await s.members((actions[2] as { command: string }).command);
    const named = list.lines.join('\n');
    for (let n = 1; n <= 12; n += 1) expect(named).toContain(hostOf(n));
    expect(list.title).toBe('Every server of this storm (Jakarta 1 · status Error)');
    expect(membersFindings(list)).toEqual([]);
  });
});

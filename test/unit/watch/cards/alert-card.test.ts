// The alert card's enrichment (issue 24): hostname with the uuid in the footer, the last change made
// through the bot with who made and approved it, the age of the last backup (flagged past a day,
// left out when the API gave nothing readable), and three primary buttons with a menu of Metrics,
// Silence 1 h and the policy's runbook link (a Slack overflow menu, a Discord select menu and link
// button, text lines on the console), within each platform's limits.
import { describe, expect, it } from 'vitest';
import { renderMessage as renderDiscord } from '../../../../adapters/discord/render.js';
import { renderMessage as renderSlack } from '../../../../adapters/slack/render.js';
import { renderText } from '../../../../src/render/text.js';
import { alertCard } from '../../../../src/watch/cards/alert-card.js';
import { backupAge } from '../../../../src/watch/cards/alert-context.js';
import type { OpenAlert, WatchRecord } from '../../../../src/watch/types.js';
import { checkRendered } from '../../../support/render-conformance.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const WATCH: WatchRecord = {
  id: 'w1',
  platform: 'slack',
  channelId: 'C1',
  instance: { uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea', label: 'web-1' },
  setBy: { platform: 'slack', userId: 'U1', displayName: 'alice' },
  setAt: 0,
};
const alert = (over: Partial<OpenAlert> = {}): OpenAlert => ({
  kind: 'status',
  openedAt: NOW - 60_000,
  detail: 'Status Error',
  values: [],
  updatedAt: NOW,
  ...over,
});

describe('backupAge', () => {
  it('says how old the last backup is and flags one older than a day', () => {
    expect(backupAge('2026-11-26T09:00:00Z', NOW)).toBe('3 h ago');
    expect(backupAge('2026-11-24T12:00:00Z', NOW)).toBe('2 d ago ⚠ older than a day');
    expect(backupAge('24 November 2026 12:00', NOW)).toMatch(/⚠ older than a day/);
  });

  it('says "never" for null and leaves garbage or an absent field out', () => {
    expect(backupAge(null, NOW)).toBe('never');
    expect(backupAge(undefined, NOW)).toBeUndefined();
    expect(backupAge('yesterday-ish', NOW)).toBeUndefined();
  });
});

describe('the alert card', () => {
  it('shows the hostname, the uuid in the footer, the last change, the backup age and the runbook', () => {
    const card = alertCard(
      WATCH,
      alert({
        change: 'instance stop by ada, approved by U0BOB at 11:02 UTC',
        lastBackupAt: '2026-11-24T12:00:00Z',
        runbook: 'https://wiki.example/web',
      }),
      NOW,
    );
    const text = renderText(card);
    expect(card.title).toBe('web-1: needs attention');
    expect(text).toMatch(/Last backup\W+2 d ago ⚠ older than a day/);
    expect(text).toContain(
      'Last change through the bot: instance stop by ada, approved by U0BOB at 11:02 UTC',
    );
    expect(text).toContain('⋯ Runbook: https://wiki.example/web');
    expect(text).toContain(`uuid ${WATCH.instance.uuid}`);
    expect(checkRendered(card)).toEqual([]);
  });

  it('says the last change in the channel’s language, the command as typed', () => {
    const change = { command: 'instance stop', by: 'ada', approver: 'U0BOB', at: '11:02:00' };
    expect(renderText(alertCard(WATCH, alert({ change }), NOW))).toContain(
      'Last change through the bot: instance stop by ada, approved by U0BOB at 11:02:00 UTC',
    );
    expect(renderText(alertCard(WATCH, alert({ change }), NOW, 'id'))).toContain(
      'instance stop oleh ada, disetujui oleh U0BOB pukul 11:02:00 UTC',
    );
  });

  const uuid = WATCH.instance.uuid;
  const withRunbook = () => alertCard(WATCH, alert({ runbook: 'https://wiki.example/web' }), NOW);

  it('has three primary buttons and a menu of Metrics, Silence 1 h and the runbook link', () => {
    const card = withRunbook();
    const primary = card.actions?.filter((b) => !b.more).map((b) => b.label);
    const more = card.actions?.filter((b) => b.more).map((b) => [b.label, b.command ?? b.url]);
    expect(primary).toEqual(['Acknowledge', 'Snooze 1 h', 'Show']);
    expect(more).toEqual([
      ['Metrics', `instance metrics ${uuid}`],
      ['Silence 1 h', `silence ${uuid} 1h`],
      ['Runbook', 'https://wiki.example/web'],
    ]);
    expect(alertCard(WATCH, alert(), NOW).actions?.some((b) => b.url)).toBe(false);
    expect(checkRendered(card)).toEqual([]);
  });

  it('renders the menu on Slack as an overflow element after the buttons: commands as values, the runbook as a url', () => {
    const blocks = renderSlack(withRunbook())[0]!.blocks.filter((b) => b.type === 'actions');
    expect(blocks).toHaveLength(1);
    const elements = (JSON.parse(JSON.stringify(blocks[0])) as { elements: Record<string, unknown>[] })
      .elements;
    expect(elements.map((e) => e['type'])).toEqual(['button', 'button', 'button', 'overflow']);
    expect(elements[3]).toEqual({
      type: 'overflow',
      action_id: 'vps_menu',
      options: [
        { text: { type: 'plain_text', text: 'Metrics' }, value: `instance metrics ${uuid}` },
        { text: { type: 'plain_text', text: 'Silence 1 h' }, value: `silence ${uuid} 1h` },
        {
          text: { type: 'plain_text', text: 'Runbook' },
          value: 'vps_link_2',
          url: 'https://wiki.example/web',
        },
      ],
    });
  });

  it('renders the menu on Discord as a select menu in its own row, and the runbook as a link button after it', () => {
    const rows = renderDiscord(withRunbook()).components;
    expect(rows.map((row) => row.components.map((c) => c.type))).toEqual([[2, 2, 2], [3], [2]]);
    expect(rows[1]!.components[0]).toEqual({
      type: 3,
      custom_id: 'vps:menu',
      options: [
        { label: 'Metrics', value: `instance metrics ${uuid}` },
        { label: 'Silence 1 h', value: `silence ${uuid} 1h` },
      ],
    });
    expect(rows[2]!.components[0]).toEqual({
      type: 2,
      style: 5,
      label: 'Runbook',
      url: 'https://wiki.example/web',
    });
  });

  it('lists the menu as text lines on the console: what each option runs, or its link', () => {
    const lines = renderText(withRunbook()).split('\n');
    expect(lines.filter((l) => l.startsWith('⋯ '))).toEqual([
      `⋯ Metrics: instance metrics ${uuid}`,
      `⋯ Silence 1 h: silence ${uuid} 1h`,
      '⋯ Runbook: https://wiki.example/web',
    ]);
  });

  it('labels the menu in the channel’s language', () => {
    const card = alertCard(WATCH, alert({ runbook: 'https://wiki.example/web' }), NOW, 'id');
    expect(card.actions?.filter((b) => b.more).map((b) => b.label)).toEqual([
      'Metrik',
      'Senyapkan 1 j',
      'Runbook',
    ]);
  });

  it('leaves the backup out when the API gave nothing readable', () => {
    expect(renderText(alertCard(WATCH, alert({ lastBackupAt: 'garbage' }), NOW))).not.toMatch(/Last backup/);
    expect(renderText(alertCard(WATCH, alert(), NOW))).not.toMatch(/Last backup/);
  });
});

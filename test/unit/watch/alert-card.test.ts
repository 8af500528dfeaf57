// The alert card's enrichment (issue 24): hostname with the uuid in the footer, the last change made
// through the bot with who made and approved it, the age of the last backup (flagged past a day,
// left out when the API gave nothing readable), a runbook link from the policy, and three primary
// buttons with Metrics and Silence 1 h in a row of their own on both platforms.
import { describe, expect, it } from 'vitest';
import { renderMessage as renderDiscord } from '../../../adapters/discord/render.js';
import { renderMessage as renderSlack } from '../../../adapters/slack/render.js';
import { renderText } from '../../../src/render/text.js';
import { alertCard } from '../../../src/watch/alert-card.js';
import { backupAge } from '../../../src/watch/alert-context.js';
import type { OpenAlert, WatchRecord } from '../../../src/watch/types.js';
import { checkRendered } from '../../support/render-conformance.js';

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
    expect(text).toContain('Runbook: https://wiki.example/web');
    expect(text).toContain(`uuid ${WATCH.instance.uuid}`);
    expect(checkRendered(card)).toEqual([]);
  });

  it('has three primary buttons and Metrics / Silence 1 h in a second row on Slack and Discord', () => {
    const card = alertCard(WATCH, alert(), NOW);
    const primary = card.actions?.filter((b) => !b.more).map((b) => b.label);
    const more = card.actions?.filter((b) => b.more).map((b) => [b.label, b.command]);
    expect(primary).toEqual(['Acknowledge', 'Snooze 1 h', 'Show']);
    expect(more).toEqual([
      ['Metrics', `instance metrics ${WATCH.instance.uuid}`],
      ['Silence 1 h', `silence ${WATCH.instance.uuid} 1h`],
    ]);
    const slack = renderSlack(card)[0]!.blocks.filter((b) => b.type === 'actions');
    expect(slack.map((b) => ('elements' in b ? b.elements.length : 0))).toEqual([3, 2]);
    const discord = renderDiscord(card).components;
    expect(discord.map((row) => row.components.length)).toEqual([3, 2]);
  });

  it('leaves the backup out when the API gave nothing readable', () => {
    expect(renderText(alertCard(WATCH, alert({ lastBackupAt: 'garbage' }), NOW))).not.toMatch(/Last backup/);
    expect(renderText(alertCard(WATCH, alert(), NOW))).not.toMatch(/Last backup/);
  });
});

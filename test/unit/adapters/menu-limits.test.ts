// A message's menu within each platform's limits: Slack's overflow menu (at most 5 options, option
// text 75, value 75, url 3,000; a single option shown as a button) and Discord's select menu (at most
// 25 options, label and value 100, link buttons' urls 512). What cannot fit is left out, never sent.
import { describe, expect, it } from 'vitest';
import { renderMessage as renderDiscord } from '../../../adapters/discord/render.js';
import { renderMessage as renderSlack } from '../../../adapters/slack/render.js';
import type { Button, Message } from '../../../src/render/message.js';
import { checkRendered } from '../../support/render-conformance.js';

const card = (menu: Button[]): Message => ({
  title: 'web-1: needs attention',
  blocks: [{ type: 'text', text: 'Status Error' }],
  actions: [{ label: 'Show', command: 'instance show abc' }, ...menu.map((b) => ({ ...b, more: true }))],
});
const command = (n: number, length = 20): Button => ({
  label: `Option ${n} `.padEnd(120, 'x'),
  command: `c${n} `.padEnd(length, 'a'),
});
const slackElements = (message: Message): Record<string, unknown>[] =>
  renderSlack(message)[0]!.blocks.flatMap((b) =>
    b.type === 'actions' ? (JSON.parse(JSON.stringify(b.elements)) as Record<string, unknown>[]) : [],
  );

describe('the menu on Slack', () => {
  it('keeps at most five options, cuts their text to 75 and leaves out a command over 75 characters', () => {
    const message = card([command(1, 76), ...[2, 3, 4, 5, 6, 7].map((n) => command(n))]);
    const overflow = slackElements(message).find((e) => e['type'] === 'overflow');
    const options = overflow?.['options'] as { text: { text: string }; value: string }[];
    expect(options.map((o) => o.value.slice(0, 2))).toEqual(['c2', 'c3', 'c4', 'c5', 'c6']);
    for (const o of options) expect(o.text.text.length).toBeLessThanOrEqual(75);
    expect(checkRendered(message)).toEqual([]);
  });

  it('shows a menu of one option as a plain button (an overflow menu wants two)', () => {
    const elements = slackElements(card([{ label: 'Metrics', command: 'instance metrics abc' }]));
    expect(elements.map((e) => [e['type'], e['value']])).toEqual([
      ['button', 'instance show abc'],
      ['button', 'instance metrics abc'],
    ]);
  });

  it('leaves out a link longer than 3,000 characters', () => {
    const long = `https://wiki.example/${'p'.repeat(3000)}`;
    const message = card([command(1), command(2), { label: 'Runbook', url: long }]);
    const overflow = slackElements(message).find((e) => e['type'] === 'overflow');
    expect((overflow?.['options'] as unknown[]).length).toBe(2);
  });
});

describe('the menu on Discord', () => {
  it('keeps at most 25 options, cuts labels to 100 and leaves out a value over 100 characters', () => {
    const message = card([command(0, 101), ...Array.from({ length: 30 }, (_, n) => command(n + 1))]);
    const select = renderDiscord(message).components[1]!.components[0] as {
      options: { label: string; value: string }[];
    };
    expect(select.options).toHaveLength(25);
    expect(select.options[0]!.value.startsWith('c1 ')).toBe(true);
    for (const o of select.options) expect(o.label.length).toBeLessThanOrEqual(100);
    expect(checkRendered(message)).toEqual([]);
  });

  it('leaves out a link longer than Discord’s 512 and shows no menu row when nothing fits', () => {
    const message = card([{ label: 'Runbook', url: `https://wiki.example/${'p'.repeat(512)}` }]);
    expect(renderDiscord(message).components.map((row) => row.components.length)).toEqual([1]);
  });
});

// Slack rendering measured on the final text: a field's *label* counts towards its 2,000, the
// blocks of one message stay under Slack's ~12,000 characters (later pages follow), user text
// never turns bold/italic/struck, and shortening never cuts an emoji in half.
import { describe, expect, it } from 'vitest';
import { escapeMrkdwn, fitMrkdwn, fitPlain } from '../../../../adapters/slack/escape.js';
import { SLACK_LIMITS } from '../../../../adapters/slack/limits.js';
import { renderMessage, textLength } from '../../../../adapters/slack/render.js';
import { shorten } from '../../../../src/render/shorten.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a mrkdwn reader would take for a style: a mark not wrapped in zero-width joiners. */
const BARE_MARK = /(?<!\u200d)[*_~](?!\u200d)/;

describe('Slack text measured on the final payload', () => {
  it('keeps a field within 2,000 characters including its bold label', () => {
    const [page] = renderMessage({
      blocks: [{ type: 'fields', fields: [{ label: 'Notes', value: 'x'.repeat(5000) }] }],
    });
    const [field] = (page?.blocks[0] as unknown as { fields: { text: string }[] }).fields;
    expect(field?.text.startsWith('*Notes*\n')).toBe(true);
    expect(field?.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fieldText);
    expect(field?.text.endsWith('…')).toBe(true);
  });

  it('pages a message whose blocks would hold more than ~12,000 characters of text', () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({
      type: 'text' as const,
      text: `${'row '.repeat(60)}${i}`,
    }));
    const pages = renderMessage({ title: 'Backups', blocks: rows });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(textLength(page.blocks)).toBeLessThanOrEqual(SLACK_LIMITS.messageText);
      expect(page.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocksPerMessage);
    }
    expect(JSON.stringify(pages[0]?.blocks)).toContain('Page 1 of');
  });
});

describe('Slack mrkdwn from user text', () => {
  it('neutralises *, _ and ~ so a hostname never renders bold, italic or struck', () => {
    const escaped = escapeMrkdwn('*web_1* ~old~ a&b <!here>');
    expect(escaped).not.toMatch(BARE_MARK);
    expect(escaped.replace(/\u200d/g, '')).toBe('*web_1* ~old~ a&amp;b &lt;!here&gt;');
  });

  it('keeps a backticked command as inline code, with nothing inside it neutralised', () => {
    expect(escapeMrkdwn('Unknown command `instance *x*`.')).toBe('Unknown command `instance *x*`.');
  });

  it('renders no bare style mark anywhere in a card built from a hostile name', () => {
    const name = '*bold* _it_ ~strike~';
    const [page] = renderMessage({
      title: `Delete ${name}?`,
      blocks: [
        { type: 'text', text: `Deletes ${name}` },
        { type: 'fields', fields: [{ label: 'Hostname', value: name }] },
        { type: 'context', text: `Requested by @${name}` },
      ],
    });
    const mrkdwn = JSON.stringify(page?.blocks.filter((b) => b.type !== 'header')).replace(
      /"\*Hostname\*\\n/g,
      '"',
    );
    expect(mrkdwn.replace(/\\u200d/g, '\u200d')).not.toMatch(BARE_MARK);
  });

  it('never cuts an emoji or a neutralised mark in half when shortening', () => {
    const name = '🦄👩‍💻*'.repeat(400);
    for (const max of [10, 11, 12, 13, 150, 2000]) {
      expect(fitMrkdwn(name, max)).not.toMatch(LONE_SURROGATE);
      expect(fitMrkdwn(name, max).length).toBeLessThanOrEqual(max);
      expect(fitMrkdwn(name, max)).not.toMatch(/\u200d[*]…$/);
      expect(fitPlain(name, max)).not.toMatch(LONE_SURROGATE);
      expect(shorten(name, max)).not.toMatch(LONE_SURROGATE);
      expect(shorten(name, max).length).toBeLessThanOrEqual(max);
    }
    // A joined emoji (woman + ZWJ + laptop) is one character to a person: kept whole or dropped whole.
    expect(shorten('ab👩‍💻cd', 6)).toBe('ab…');
  });
});

// Slack lists as table blocks: a list that fits (≤ 100 rows with its header, ≤ 20 columns, one
// table in the message) is one `table` block; anything else keeps the monospace rendering.
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../../adapters/slack/render.js';
import type { Block } from '../../../../src/render/message.js';

type Out = {
  type: string;
  rows?: { type: string; text: string }[][];
  column_settings?: { align: string }[];
  text?: { text: string };
};

const blocksOf = (blocks: Block[], tables?: boolean): Out[] =>
  renderMessage({ title: 'Instances', blocks }, tables === undefined ? {} : { tables }).flatMap(
    (p) => p.blocks as unknown as Out[],
  );

const list = (rows: number, columns = 3): Block => ({
  type: 'table',
  columns: Array.from({ length: columns }, (_, i) => (i === 0 ? 'Name' : `Col ${i}`)),
  rows: Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => (c === 1 ? String(r * 10) : `web-${r}`)),
  ),
});

const codeOf = (out: Out[]) => out.filter((b) => b.type === 'section' && b.text?.text.startsWith('```'));

describe('Slack table block', () => {
  it('renders a list that fits as one table block: the header row first, numbers right-aligned, empty cells marked', () => {
    const out = blocksOf([
      {
        type: 'table',
        columns: ['Name', 'Memory (MB)', 'Location'],
        rows: [
          ['web-1', '2048', ''],
          ['db <1> & co', '512', 'Jakarta 1'],
        ],
      },
    ]);
    const tables = out.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]?.rows?.map((r) => r.map((c) => c.text))).toEqual([
      ['Name', 'Memory (MB)', 'Location'],
      ['web-1', '2048', '—'],
      ['db &lt;1&gt; &amp; co', '512', 'Jakarta 1'],
    ]);
    expect(tables[0]?.rows?.flat().every((c) => c.type === 'raw_text')).toBe(true);
    expect(tables[0]?.column_settings?.map((s) => s.align)).toEqual(['left', 'right', 'left']);
    expect(codeOf(out)).toHaveLength(0);
  });

  it('keeps 99 rows (100 with the header) as a table block and 100 as monospace text', () => {
    expect(blocksOf([list(99)]).filter((b) => b.type === 'table')).toHaveLength(1);
    const over = blocksOf([list(100)]);
    expect(over.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(codeOf(over).length).toBeGreaterThan(0);
  });

  it('keeps 20 columns as a table block and 21 as text', () => {
    expect(blocksOf([list(2, 20)]).filter((b) => b.type === 'table')).toHaveLength(1);
    expect(blocksOf([list(2, 21)]).filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('writes no table block for a message with two tables (Slack shows one a message)', () => {
    expect(blocksOf([list(2), list(3)]).filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('writes a cell longer than 2,000 characters as text', () => {
    const long: Block = { type: 'table', columns: ['Name'], rows: [['x'.repeat(2001)]] };
    expect(blocksOf([long]).filter((b) => b.type === 'table')).toHaveLength(0);
  });

  it('writes the monospace table when asked to (the fallback after invalid_blocks)', () => {
    const out = blocksOf([list(3)], false);
    expect(out.filter((b) => b.type === 'table')).toHaveLength(0);
    expect(codeOf(out)[0]?.text?.text).toContain('web-2');
  });
});

// The shared table layout: fitted to a width, every line stays within it, every cell's text is
// still there (wrapped inside its own column), narrow columns keep their width and numbers are
// right-aligned. Slack, Discord and the console all lay tables out with it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairWidths, layoutTable, tableLines, wrapCell } from '../../../src/render/table-layout.js';

const cellText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.array(fc.stringMatching(/^[a-z0-9:.·@()-]{1,25}$/), { maxLength: 8 }).map((words) => words.join(' ')),
);
const table = fc.integer({ min: 1, max: 7 }).chain((n) =>
  fc.record({
    columns: fc.array(cellText, { minLength: n, maxLength: n }),
    rows: fc.array(fc.array(cellText, { minLength: n, maxLength: n }), { maxLength: 6 }),
  }),
);
const squash = (text: string) => text.replace(/\s+/g, '');

/** Column i's text in a block of lines, read back from the layout's offsets. */
function columnText(lines: string[], widths: number[], i: number): string {
  const start = widths.slice(0, i).reduce((sum, w) => sum + w + 2, 0);
  return lines.map((line) => [...line].slice(start, start + widths[i]!).join('')).join(' ');
}

describe('table layout', () => {
  it('keeps every line within the width and every cell’s text in its column', () => {
    fc.assert(
      fc.property(table, fc.integer({ min: 80, max: 200 }), ({ columns, rows }, width) => {
        const layout = layoutTable(columns, rows, { maxWidth: width });
        for (const line of tableLines(columns, rows, { maxWidth: width }))
          expect([...line].length).toBeLessThanOrEqual(width);
        [columns, ...rows].forEach((cells, r) => {
          const lines = r === 0 ? layout.header : layout.rows[r - 1]!;
          cells.forEach((cell, i) => expect(squash(columnText(lines, layout.widths, i))).toBe(squash(cell)));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a table that fits exactly as wide as its widest cells', () => {
    const lines = tableLines(
      ['Name', 'Price'],
      [
        ['web-1', 'IDR 1,250/h'],
        ['db-10', '5'],
      ],
      { maxWidth: 80 },
    );
    expect(lines).toEqual([
      'Name         Price',
      '─────  ───────────',
      'web-1  IDR 1,250/h',
      'db-10            5',
    ]);
  });

  it('shrinks only the wide columns, fairly, and wraps their cells onto continuation lines', () => {
    const long = 'ok · confirmed by console:alice · stop requested for web-1 after a long wait';
    const layout = layoutTable(
      ['Time', 'Command', 'Outcome', 'Note'],
      [['22:10', 'instance stop', long, long]],
      {
        maxWidth: 80,
      },
    );
    expect(layout.widths.slice(0, 2)).toEqual([5, 13]);
    expect(Math.abs(layout.widths[2]! - layout.widths[3]!)).toBeLessThanOrEqual(1);
    expect(layout.rows[0]!.length).toBeGreaterThan(1);
    expect(layout.rows[0]![1]!.startsWith(' '.repeat(5 + 2 + 13 + 2))).toBe(true);
  });

  it('keeps uuids and other long words whole while the columns’ longest words fit', () => {
    const uuid = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
    const taken = '1 d ago (22 November 2026 16:23) after the nightly window closed';
    const lines = tableLines(['Taken', 'Size', 'Backup uuid'], [[taken, '11.1 GB', uuid]], { maxWidth: 80 });
    expect(lines.some((line) => line.endsWith(uuid))).toBe(true);
    expect(lines.every((line) => [...line].length <= 80)).toBe(true);
  });

  it('splits a word longer than its column', () => {
    expect(wrapCell('7995e990-c3bf-4e27-8ce2-89fd5783f9ea', 16)).toEqual([
      '7995e990-c3bf-4e',
      '27-8ce2-89fd5783',
      'f9ea',
    ]);
  });

  it('shares the room so that the widths add up to it when shrinking, above the floors while they fit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 8, max: 300 }),
        (natural, room) => {
          const floors = natural.map((w) => Math.ceil(w / 3));
          const widths = fairWidths(natural, room, floors);
          const total = natural.reduce((a, b) => a + b, 0);
          const floorSum = floors.reduce((a, b) => a + b, 0);
          expect(widths.reduce((a, b) => a + b, 0)).toBe(Math.min(total, room));
          if (floorSum <= room) widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(floors[i]!));
          widths.forEach((w, i) => expect(w).toBeLessThanOrEqual(natural[i]!));
        },
      ),
    );
  });
});

// The one table layout every adapter uses: aligned monospace columns with a header rule and
// right-aligned numbers. Given a width, columns shrink fairly (narrow ones keep their width, wide
// ones share what is left) and long cells wrap onto continuation lines inside their own column.
// Slack and Discord keep their own limits (how wide a code block shows) and their row layout.
import { graphemes } from './shorten.js';

/** Cells that mean "nothing here"; row layouts leave them out. */
export const EMPTY_CELLS: ReadonlySet<string> = new Set(['', '—', '-']);

const NUMERIC = /^(?:[A-Z]{3} )?[-+]?\d[\d,.]*(?: ?(?:%|[KMGT]?B|vCPU|[KMG]B\/s|\/h|\/mo))?$/;
const GAP = 2;

/** Options of a layout; without maxWidth every column keeps its natural width. */
export interface TableLayoutOptions {
  maxWidth?: number;
  /** Character of the header rule (Slack code blocks use '-'). */
  rule?: string;
}

/** A laid-out table: each header/row is one or more lines (continuations when cells wrap). */
export interface TableLayout {
  widths: number[];
  header: string[];
  rule: string;
  rows: string[][];
}

/** Width in graphemes (what a person sees as one character each), as the renderers measure it. */
export function cellWidth(text: string): number {
  return graphemes(text).length;
}

/** A cell on one line: newlines and runs of space become one space. */
function flat(cell: string | undefined): string {
  return (cell ?? '').replace(/\s+/g, ' ').trim();
}

/** True when every filled cell of the column is a number or an amount (they read best right-aligned). */
export function numericColumn(rows: string[][], index: number): boolean {
  const cells = rows.map((r) => flat(r[index])).filter((c) => !EMPTY_CELLS.has(c));
  return cells.length > 0 && cells.every((c) => NUMERIC.test(c));
}

/** The longest space-free run of a cell (capped at 40: longer is split anyway). */
function longestWord(cell: string): number {
  return Math.min(40, Math.max(0, ...flat(cell).split(' ').map(cellWidth)));
}

/** Natural widths: the widest cell (or header) of each column. */
function naturalWidths(columns: string[], rows: string[][]): number[] {
  return columns.map((c, i) => Math.max(1, cellWidth(flat(c)), ...rows.map((r) => cellWidth(flat(r[i])))));
}

/** The full width of the table when no column is shrunk. */
export function naturalTableWidth(columns: string[], rows: string[][]): number {
  const widths = naturalWidths(columns, rows);
  return widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, widths.length - 1);
}

/**
 * Fair shares of `room` characters: one level caps every column, a column narrower than the level
 * keeps its natural width, and none goes under its floor (its longest word, so uuids and
 * hostnames stay whole) while the floors fit; past that, words are split too.
 */
export function fairWidths(natural: number[], room: number, floors: number[] = []): number[] {
  const total = natural.reduce((sum, w) => sum + w, 0);
  if (total <= room) return [...natural];
  const floorSum = natural.reduce((sum, w, i) => sum + Math.min(w, floors[i] ?? 1), 0);
  const floor = natural.map((w, i) => (floorSum <= room ? Math.min(w, Math.max(1, floors[i] ?? 1)) : 1));
  const at = (level: number) => natural.map((w, i) => Math.max(floor[i]!, Math.min(w, level)));
  const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);
  let low = 0;
  let high = Math.max(...natural);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sum(at(mid)) <= room) low = mid;
    else high = mid - 1;
  }
  const out = at(low);
  // What the level leaves over goes to the widest shrunk columns, one character each.
  let left = room - sum(out);
  const widest = natural.map((w, i) => ({ w, i })).sort((a, b) => b.w - a.w);
  for (const { w, i } of widest) {
    if (left <= 0) break;
    if (out[i]! < w) {
      out[i]! += 1;
      left -= 1;
    }
  }
  return nearlyWhole(natural, out, floor);
}

/**
 * A column only a few characters short of whole takes them from the widest shrunk column, so
 * "nightly (current)" is not wrapped for one character when a long date column can give it.
 */
function nearlyWhole(natural: number[], out: number[], floor: number[]): number[] {
  const short = natural
    .map((w, i) => ({ need: w - out[i]!, i }))
    .filter(({ need }) => need > 0 && need <= 3)
    .sort((a, b) => a.need - b.need);
  for (const { i } of short) {
    // Measured now: an earlier column may have taken from this one.
    const need = natural[i]! - out[i]!;
    if (need <= 0 || need > 3) continue;
    const donor = out
      .map((w, j) => ({ w, j }))
      .filter(({ j }) => j !== i && out[j]! < natural[j]!)
      .sort((a, b) => b.w - a.w)[0];
    if (!donor || donor.w - need < Math.max(floor[donor.j]!, Math.ceil(donor.w * 0.75))) continue;
    out[donor.j] = donor.w - need;
    out[i] = natural[i]!;
  }
  return out;
}

/** Splits text into lines of at most `width` graphemes, at spaces where it can (never inside one). */
export function wrapCell(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of flat(text).split(' ')) {
    let rest = graphemes(word);
    if (line !== '' && cellWidth(line) + 1 + rest.length <= width) {
      line += ` ${word}`;
      continue;
    }
    if (line !== '') lines.push(line);
    while (rest.length > width) {
      lines.push(rest.slice(0, width).join(''));
      rest = rest.slice(width);
    }
    line = rest.join('');
  }
  return [...lines, line];
}

/** Lays the table out within `maxWidth` (when given), wrapping cells inside their columns. */
export function layoutTable(
  columns: string[],
  rows: string[][],
  options: TableLayoutOptions = {},
): TableLayout {
  const natural = naturalWidths(columns, rows);
  const floors = columns.map((c, i) => Math.max(...[c, ...rows.map((r) => r[i] ?? '')].map(longestWord)));
  const room = options.maxWidth === undefined ? Infinity : options.maxWidth - GAP * (columns.length - 1);
  const widths = fairWidths(natural, room, floors);
  const right = columns.map((_, i) => numericColumn(rows, i));
  const pad = (cell: string, i: number) => {
    const gap = ' '.repeat(Math.max(0, widths[i]! - cellWidth(cell)));
    return right[i] ? gap + cell : cell + gap;
  };
  const lines = (cells: string[]): string[] => {
    const wrapped = columns.map((_, i) => wrapCell(cells[i] ?? '', widths[i]!));
    const height = Math.max(...wrapped.map((w) => w.length));
    return Array.from({ length: height }, (_, k) =>
      wrapped
        .map((w, i) => pad(w[k] ?? '', i))
        .join(' '.repeat(GAP))
        .trimEnd(),
    );
  };
  return {
    widths,
    header: lines(columns),
    rule: widths.map((w) => (options.rule ?? '─').repeat(w)).join(' '.repeat(GAP)),
    rows: rows.map(lines),
  };
}

/** The table as lines: header, rule, rows (with their continuation lines). */
export function tableLines(columns: string[], rows: string[][], options: TableLayoutOptions = {}): string[] {
  const layout = layoutTable(columns, rows, options);
  return [...layout.header, layout.rule, ...layout.rows.flat()];
}

/** One row for a row layout: the first cell, then each other filled cell with its column label. */
export function rowParts(
  columns: string[],
  row: string[],
): { head: string | null; parts: { label: string; value: string }[] } {
  const [first = '', ...rest] = row;
  const parts = rest
    .map((value, i) => ({ label: columns[i + 1] ?? '', value }))
    .filter((c) => !EMPTY_CELLS.has(c.value));
  return { head: EMPTY_CELLS.has(first) ? null : first, parts };
}

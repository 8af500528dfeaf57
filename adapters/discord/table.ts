// Neutral tables → Discord markdown. Embeds are narrow (about 56 monospace characters before a
// code block wraps and its columns fall apart), so a table that fits is an aligned code block with
// a header rule and right-aligned numbers, and a wider one becomes one readable line per row.
import { escapeCodeBlock, escapeMarkdown } from './escape.js';
import { fit, fitEscaped } from './limits.js';
import { isUuid } from '../../src/core/uuid.js';

/** Widest aligned table, in characters, that an embed shows without wrapping lines. */
export const EMBED_CODE_WIDTH = 56;

const NUMERIC = /^(?:[A-Z]{3} )?[-+]?\d[\d,.]*(?: ?(?:%|[KMGT]?B|vCPU|GB\/s|[KM]B\/s|\/h|\/mo))?$/;
const EMPTY = new Set(['', '—', '-']);

/** True when every filled cell of the column is a number or an amount (they read best right-aligned). */
export function numericColumn(rows: string[][], index: number): boolean {
  const cells = rows.map((r) => r[index] ?? '').filter((c) => !EMPTY.has(c));
  return cells.length > 0 && cells.every((c) => NUMERIC.test(c));
}

/** The table as aligned monospace lines: header, rule, rows; numeric columns right-aligned. */
export function alignedLines(columns: string[], rows: string[][]): string[] {
  const all = [columns, ...rows];
  const widths = columns.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const right = columns.map((_, i) => numericColumn(rows, i));
  const line = (r: string[]) =>
    widths
      .map((w, i) => (right[i] ? (r[i] ?? '').padStart(w) : (r[i] ?? '').padEnd(w)))
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)];
}

function inline(value: string): string {
  return isUuid(value) || (value.startsWith('/') && !value.includes('`'))
    ? `\`${value}\``
    : escapeMarkdown(value);
}

/** One row as "**first** — Label: value · Label: value", empty cells left out. */
export function rowLine(columns: string[], row: string[]): string {
  const [first = '', ...rest] = row;
  const head = first.startsWith('/') || isUuid(first) ? inline(first) : `**${escapeMarkdown(first)}**`;
  const parts = rest
    .map((value, i) => ({ label: columns[i + 1] ?? '', value }))
    .filter((c) => !EMPTY.has(c.value))
    .map((c) => (c.label ? `${escapeMarkdown(c.label)}: ${inline(c.value)}` : inline(c.value)));
  return [EMPTY.has(first) ? '' : head, parts.join(' · ')].filter(Boolean).join(' — ');
}

/** Keeps the first lines that fit in `max` characters (after `overhead`), counting the rows left out. */
function keepFitting(lines: string[], max: number, overhead: number, header: number): string {
  const room = max - overhead - '\n… 99999 more rows'.length;
  let length = -1;
  let kept = 0;
  while (kept < lines.length && (kept < header + 1 || length + 1 + (lines[kept] ?? '').length <= room)) {
    length += 1 + (lines[kept] ?? '').length;
    kept += 1;
  }
  const more = kept < lines.length ? `\n… ${lines.length - kept} more rows` : '';
  return lines.slice(0, kept).join('\n') + more;
}

/** True when the aligned table is wider than an embed shows without wrapping. */
export function tooWide(columns: string[], rows: string[][]): boolean {
  return alignedLines(columns, rows).some((l) => l.length > EMBED_CODE_WIDTH);
}

/**
 * The table as Discord markdown within `max` characters: a code block, or one line per row when
 * `rowsLayout` (the message holds a table too wide for an embed) and there are rows to show.
 */
export function tableText(
  columns: string[],
  rows: string[][],
  max: number,
  rowsLayout = tooWide(columns, rows),
): string {
  if (!rowsLayout || rows.length === 0) {
    const aligned = alignedLines(columns, rows);
    const body = keepFitting(aligned.map(escapeCodeBlock), max, 8, 2);
    return '```\n' + fit(body, Math.max(1, max - 8)) + '\n```';
  }
  const lines = rows.map((r) => fitEscaped(rowLine(columns, r), Math.min(max, 1000)));
  return fitEscaped(keepFitting(lines, max, 0, 0), max);
}

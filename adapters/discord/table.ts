// Neutral tables → Discord markdown. Embeds are narrow (about 56 monospace characters before a
// code block wraps and its columns fall apart), so a table that fits is an aligned code block (the
// shared layout of src/render/table-layout.ts), and a wider one becomes one readable line per row.
import { naturalTableWidth, rowParts, tableLines } from '../../src/render/table-layout.js';
import { escapeCodeBlock, escapeMarkdown } from './escape.js';
import { fit, fitEscaped } from './limits.js';
import { DEFAULT_LOCALE, isUuid, t, type Locale } from '../../src/core/index.js';

/** Widest aligned table, in characters, that an embed shows without wrapping lines. */
export const EMBED_CODE_WIDTH = 56;

function inline(value: string): string {
  return isUuid(value) || (value.startsWith('/') && !value.includes('`'))
    ? `\`${value}\``
    : escapeMarkdown(value);
}

/** One row as "**first** — Label: value · Label: value", empty cells left out. */
export function rowLine(columns: string[], row: string[]): string {
  const { head, parts } = rowParts(columns, row);
  const first =
    head === null ? '' : head.startsWith('/') || isUuid(head) ? inline(head) : `**${escapeMarkdown(head)}**`;
  const rest = parts.map((c) =>
    c.label ? `${escapeMarkdown(c.label)}: ${inline(c.value)}` : inline(c.value),
  );
  return [first, rest.join(' · ')].filter(Boolean).join(' — ');
}

/** "… 3 more rows" in `locale`, on a line of its own. */
const moreRows = (count: number, locale: Locale) => `\n${t(locale, 'discord.moreRows', { count })}`;

/** Keeps the first lines that fit in `max` characters (after `overhead`), counting the rows left out. */
function keepFitting(lines: string[], max: number, overhead: number, header: number, locale: Locale): string {
  const room = max - overhead - moreRows(99_999, locale).length;
  let length = -1;
  let kept = 0;
  while (kept < lines.length && (kept < header + 1 || length + 1 + (lines[kept] ?? '').length <= room)) {
    length += 1 + (lines[kept] ?? '').length;
    kept += 1;
  }
  const more = kept < lines.length ? moreRows(lines.length - kept, locale) : '';
  return lines.slice(0, kept).join('\n') + more;
}

/** True when the aligned table is wider than an embed shows without wrapping. */
export function tooWide(columns: string[], rows: string[][]): boolean {
  return naturalTableWidth(columns, rows) > EMBED_CODE_WIDTH;
}

/**
 * The table as Discord markdown within `max` characters: a code block, or one line per row when
 * `rowsLayout` (the message holds a table too wide for an embed) and there are rows to show; the
 * count of rows left out in `locale`.
 */
export function tableText(
  columns: string[],
  rows: string[][],
  max: number,
  options: { rowsLayout?: boolean; locale?: Locale } = {},
): string {
  const { rowsLayout = tooWide(columns, rows), locale = DEFAULT_LOCALE } = options;
  if (!rowsLayout || rows.length === 0) {
    const aligned = tableLines(columns, rows);
    const body = keepFitting(aligned.map(escapeCodeBlock), max, 8, 2, locale);
    return '```\n' + fit(body, Math.max(1, max - 8)) + '\n```';
  }
  const lines = rows.map((r) => fitEscaped(rowLine(columns, r), Math.min(max, 1000)));
  return fitEscaped(keepFitting(lines, max, 0, 0, locale), max);
}

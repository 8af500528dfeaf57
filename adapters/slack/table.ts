// Neutral tables → Slack mrkdwn. Slack has no table block in messages, so a table is aligned
// monospace text (numbers right-aligned) while it fits a code block's width; a wider one, whose
// lines would wrap and scramble the columns, becomes one readable line per row instead.
import { escapeEntities, escapeMrkdwn } from './escape.js';
import { isUuid } from '../../src/core/uuid.js';

/** Widest aligned table, in characters, that a desktop channel shows without wrapping. */
export const CODE_WIDTH = 100;

const NUMERIC = /^(?:[A-Z]{3} )?[-+]?\d[\d,.]*(?: ?(?:%|[KMGT]?B|vCPU|[KMG]B\/s|\/h|\/mo))?$/;
const EMPTY = new Set(['', '—', '-']);

function numericColumn(rows: string[][], index: number): boolean {
  const cells = rows.map((r) => r[index] ?? '').filter((c) => !EMPTY.has(c));
  return cells.length > 0 && cells.every((c) => NUMERIC.test(c));
}

/** A table as aligned monospace text with a header rule; numeric columns are right-aligned. */
export function tableText(columns: string[], rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? '').length)));
  const right = columns.map((_, i) => numericColumn(rows, i));
  const line = (cells: string[]) =>
    widths
      .map((w, i) => (right[i] ? (cells[i] ?? '').padStart(w) : (cells[i] ?? '').padEnd(w)))
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** True when the aligned table would be wider than a code block shows without wrapping. */
export function tooWide(text: string): boolean {
  return text.split('\n').some((l) => l.length > CODE_WIDTH);
}

function inline(value: string): string {
  const code = isUuid(value) || value.startsWith('/');
  return code && !value.includes('`') ? `\`${escapeEntities(value)}\`` : escapeMrkdwn(value);
}

/** One row as escaped mrkdwn: "*first* — Label: value · Label: value", empty cells left out. */
export function rowLine(columns: string[], row: string[]): string {
  const [first = '', ...rest] = row;
  const plainFirst = !isUuid(first) && !first.startsWith('/') && !/[*\n]/.test(first);
  const head = plainFirst ? `*${escapeMrkdwn(first)}*` : inline(first);
  const parts = rest
    .map((value, i) => ({ label: columns[i + 1] ?? '', value }))
    .filter((c) => !EMPTY.has(c.value))
    .map((c) => (c.label ? `${escapeMrkdwn(c.label)}: ${inline(c.value)}` : inline(c.value)));
  return [EMPTY.has(first) ? '' : head, parts.join(' · ')].filter(Boolean).join(' — ');
}

// Neutral tables → Slack mrkdwn. Slack has no table block in messages, so a table is aligned
// monospace text (the shared layout of src/render/table-layout.ts) while it fits a code block's
// width; a wider one, whose lines would wrap and scramble the columns, becomes one readable line
// per row instead.
import { cellWidth, rowParts, tableLines } from '../../src/render/table-layout.js';
import { escapeEntities, escapeMrkdwn } from './escape.js';
import { isUuid } from '../../src/core/index.js';

/** Widest aligned table, in characters, that a desktop channel shows without wrapping. */
export const CODE_WIDTH = 100;

/** A table as aligned monospace text with a header rule; numeric columns are right-aligned. */
export function tableText(columns: string[], rows: string[][]): string {
  return tableLines(columns, rows, { rule: '-' }).join('\n');
}

/** True when the aligned table text would be wider than a code block shows without wrapping. */
export function tooWide(text: string): boolean {
  return text.split('\n').some((line) => cellWidth(line) > CODE_WIDTH);
}

function inline(value: string): string {
  const code = isUuid(value) || value.startsWith('/');
  return code && !value.includes('`') ? `\`${escapeEntities(value)}\`` : escapeMrkdwn(value);
}

/** One row as escaped mrkdwn: "*first* — Label: value · Label: value", empty cells left out. */
export function rowLine(columns: string[], row: string[]): string {
  const { head, parts } = rowParts(columns, row);
  const plainHead = head !== null && !isUuid(head) && !head.startsWith('/') && !/[*\n]/.test(head);
  const first = head === null ? '' : plainHead ? `*${escapeMrkdwn(head)}*` : inline(head);
  const rest = parts.map((c) => (c.label ? `${escapeMrkdwn(c.label)}: ${inline(c.value)}` : inline(c.value)));
  return [first, rest.join(' · ')].filter(Boolean).join(' — ');
}

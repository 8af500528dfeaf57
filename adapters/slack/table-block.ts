// Neutral tables → Slack's `table` block when one fits (docs.slack.dev/reference/block-kit/blocks/table-block):
// at most 100 rows (the header row counts), 20 cells a row, one table a message, raw_text cells of at
// least one character. Cells are raw_text (never parsed as mrkdwn), with `&<>` written as entities
// all the same, as in every text the bot sends, so no cell can hold markup. What does not fit (or a workspace whose Slack answers invalid_blocks) keeps the
// monospace rendering of table.ts.
import type { types as slack } from '@slack/bolt';
import { numericColumn } from '../../src/render/table-layout.js';
import type { Block } from '../../src/render/message.js';
import { escapeEntities } from './escape.js';
import { SLACK_LIMITS as L } from './limits.js';

type TableOf = Extract<Block, { type: 'table' }>;

/** What an empty cell shows (raw_text needs at least one character). */
const EMPTY_CELL = '—';

/** Block text kept free beside a table block for the message's title, other blocks and buttons. */
const TEXT_RESERVE = 2_000;

function cellText(value: string): string {
  const flat = escapeEntities(value.replace(/\s*\n\s*/g, ' ').trim());
  return flat === '' ? EMPTY_CELL : flat;
}

/** True when the table fits one table block: rows (header included), columns and every cell's text. */
export function fitsTableBlock(table: TableOf): boolean {
  if (table.columns.length === 0 || table.columns.length > L.tableColumns) return false;
  if (table.rows.length === 0 || table.rows.length + 1 > L.tableRows) return false;
  const cells = [table.columns, ...table.rows];
  if (cells.some((row) => row.length > table.columns.length)) return false;
  const texts = cells.flat().map(cellText);
  // A table is one block: it must leave room for the title and buttons within one page's text.
  const total = texts.reduce((n, text) => n + text.length, 0);
  return total <= L.messageText - TEXT_RESERVE && texts.every((text) => text.length <= L.tableCellText);
}

/** The message's one table that becomes a table block, or null (none fits, or more than one table). */
export function nativeTableOf(blocks: readonly Block[]): TableOf | null {
  const tables = blocks.filter((b): b is TableOf => b.type === 'table');
  const [only] = tables;
  return tables.length === 1 && only && fitsTableBlock(only) ? only : null;
}

/** The table as a table block: a header row, then the rows; numeric columns right-aligned. */
export function tableBlock(table: TableOf): slack.TableBlock {
  const width = table.columns.length;
  const row = (cells: string[]): slack.RawTextElement[] =>
    Array.from({ length: width }, (_, i) => ({ type: 'raw_text', text: cellText(cells[i] ?? '') }));
  return {
    type: 'table',
    rows: [row(table.columns), ...table.rows.map(row)],
    column_settings: table.columns.map((_, i) => ({
      align: numericColumn(table.rows, i) ? 'right' : 'left',
      is_wrapped: true,
    })),
  };
}

/** Characters of text in a table block's cells (they count towards the message's block text). */
export function tableBlockText(block: slack.TableBlock): number {
  return block.rows.reduce(
    (n, row) =>
      n +
      row.reduce(
        (m, cell) => m + ('text' in cell && typeof cell.text === 'string' ? cell.text.length : 0),
        0,
      ),
    0,
  );
}

// A listing reply: the table with a line under it, or one sentence when there is nothing to list
// (an empty table says less than "Every instance there has a public IP.").
import type { Message } from '../../src/render/message.js';

/** What a listing shows; `empty` is the whole reply when `rows` is empty. */
export interface TableReply {
  title: string;
  columns: string[];
  rows: string[][];
  empty: string;
  /** The line under the table: counts, and what to type next. */
  note: string;
  summary?: string;
}

/** The reply of a listing command. */
export function tableReply(reply: TableReply): Message {
  const { title, columns, rows, empty, note, summary } = reply;
  if (rows.length === 0) return { title, tone: 'info', blocks: [{ type: 'text', text: empty }] };
  return {
    title,
    tone: 'info',
    ...(summary !== undefined ? { summary } : {}),
    blocks: [
      { type: 'table', columns, rows },
      { type: 'context', text: note },
    ],
  };
}

// Paginated lists (endpoints 11 and 22) end with a footer that tells the on-call exactly what to
// type for the next page, so nobody has to remember flags at 3 a.m.
import type { PageInfo } from '../../src/api/index.js';
import type { Block } from '../../src/render/message.js';

/** Flags every paginated list command accepts. */
export interface PageArgs {
  page?: number | undefined;
  limit?: number | undefined;
}

/** The footer: "Page 1 of 3 · 23 backups · next: /vps backup list web-1 --page 2". */
export function pageFooter(page: PageInfo | undefined, noun: string, command: string, args: PageArgs): Block {
  const current = page?.current_page ?? args.page ?? 1;
  const pages = page?.total_pages ?? current;
  const total = page?.total ?? null;
  const parts = [`Page ${current} of ${Math.max(pages, current)}`];
  if (total !== null) parts.push(`${total} ${noun}`);
  const limit = args.limit !== undefined ? ` --limit ${args.limit}` : '';
  if (current < pages) parts.push(`next: /vps ${command} --page ${current + 1}${limit}`);
  else if (current > 1) parts.push(`previous: /vps ${command} --page ${current - 1}${limit}`);
  return { type: 'context', text: parts.join(' · ') };
}

/** "There is no page 99. There are 3 pages (23 backups)." — a page past the end says where the end is. */
export function noSuchPage(asked: number, page: PageInfo | undefined, noun: string): string {
  const pages = page?.total_pages ?? null;
  const total = page?.total ?? null;
  if (pages === null) return `There is no page ${asked}.`;
  const count = total === null ? '' : ` (${total} ${noun})`;
  return `There is no page ${asked}. There ${pages === 1 ? 'is 1 page' : `are ${pages} pages`}${count}.`;
}

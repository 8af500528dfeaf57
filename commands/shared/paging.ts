// Paginated lists (endpoints 11 and 22) end with a footer that tells the on-call exactly what to
// type for the next page, so nobody has to remember flags at 3 a.m.
import type { PageInfo } from '../../src/api/index.js';
import { t, type Locale } from '../../src/core/index.js';
import type { Block } from '../../src/render/message.js';

/** Flags every paginated list command accepts. */
export interface PageArgs {
  page?: number | undefined;
  limit?: number | undefined;
}

/** How the total is said: a plural noun ("backups", English) or a counter in the reader's language. */
export type Noun = string | ((total: number) => string);

function counted(total: number, noun: Noun): string {
  return typeof noun === 'string' ? `${total} ${noun}` : noun(total);
}

/** The footer: "Page 1 of 3 · 23 backups · next: /vps backup list web-1 --page 2". */
export function pageFooter(
  page: PageInfo | undefined,
  noun: Noun,
  command: string,
  args: PageArgs,
  locale: Locale = 'en',
): Block {
  const current = page?.current_page ?? args.page ?? 1;
  const pages = page?.total_pages ?? current;
  const total = page?.total ?? null;
  const parts = [t(locale, 'page.of', { current, pages: Math.max(pages, current) })];
  if (total !== null) parts.push(counted(total, noun));
  const limit = args.limit !== undefined ? ` --limit ${args.limit}` : '';
  if (current < pages)
    parts.push(t(locale, 'page.next', { command: `/vps ${command} --page ${current + 1}${limit}` }));
  else if (current > 1)
    parts.push(t(locale, 'page.previous', { command: `/vps ${command} --page ${current - 1}${limit}` }));
  return { type: 'context', text: parts.join(' · ') };
}

/** "There is no page 99. There are 3 pages (23 backups)." — a page past the end says where the end is. */
export function noSuchPage(
  asked: number,
  page: PageInfo | undefined,
  noun: Noun,
  locale: Locale = 'en',
): string {
  const pages = page?.total_pages ?? null;
  const total = page?.total ?? null;
  if (pages === null) return t(locale, 'page.none', { asked });
  const count = total === null ? '' : t(locale, 'page.total', { total: counted(total, noun) });
  return t(locale, 'page.noneOf', { asked, pages, total: count });
}

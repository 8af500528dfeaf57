// Pagination (spec 2.9; endpoints 11 and 22): the envelope's data holds { data: [...], page: {...} }.
import { z } from 'zod';
import { int, maybe } from './tolerant.js';

/** Where a list sits among its pages. */
export interface PageInfo {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

/** One page of a listing, unwrapped from the envelope. */
export interface Paged<T> {
  items: T[];
  page: PageInfo;
}

/** What the caller asked for; used to fill in a missing or partial page object. */
export interface PageRequest {
  limit?: number | undefined;
  page?: number | undefined;
}

const rawPageSchema = z
  .object({
    total: maybe(int),
    count: maybe(int),
    per_page: maybe(int),
    current_page: maybe(int),
    total_pages: maybe(int),
  })
  .loose();

type RawPage = z.output<typeof rawPageSchema>;

/**
 * Completes a page object. Assumption (the spec is silent): when the API omits the page object or
 * some of its fields, the items received are the last page of what was asked for — so the total is
 * everything before this page plus these items, and there is no further page.
 */
export function completePage(raw: RawPage | null, itemCount: number, asked: PageRequest): PageInfo {
  const count = raw?.count ?? itemCount;
  const current_page = raw?.current_page ?? asked.page ?? 1;
  const sent = raw?.per_page;
  // A per_page of 0 (or less) would make total_pages Infinity/NaN; fall back to what was asked.
  const per_page =
    sent !== null && sent !== undefined && sent > 0 ? sent : (asked.limit ?? Math.max(count, 1));
  const total = raw?.total ?? (current_page - 1) * per_page + count;
  const total_pages = raw?.total_pages ?? Math.max(current_page, Math.ceil(total / per_page));
  return { total, count, per_page, current_page, total_pages };
}

/** A paginated payload; a bare list (no wrapper, no page) is also accepted. */
export function pagedSchema<T>(item: z.ZodType<T>, asked: PageRequest) {
  const wrapped = z.object({ data: z.array(item), page: maybe(rawPageSchema) }).loose();
  const bare = z.array(item).transform((data) => ({ data, page: null }));
  return z
    .union([wrapped, bare])
    .transform(({ data, page }): Paged<T> => ({ items: data, page: completePage(page, data.length, asked) }));
}

// Pagination for endpoints 11, 22 and E3: `limit` (default 10, 1–100) and `page` (first page 1).
import { SimError } from './http-io.js';
import { optionalInteger } from './validate.js';

/** Spec 2.9. */
export interface PageObject {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

/** Default results per page. */
export const DEFAULT_LIMIT = 10;
/** Largest accepted limit; above it the request is rejected with 422. */
export const MAX_LIMIT = 100;

/** One page of `items` as `{ data, page }`; a page past the end is empty, not an error. */
export function paginate<T>(items: readonly T[], query: URLSearchParams): { data: T[]; page: PageObject } {
  const limit = optionalInteger(query.get('limit'), 'limit', 1) ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT) throw new SimError(422, `The limit may not be greater than ${MAX_LIMIT}.`);
  const current = optionalInteger(query.get('page'), 'page', 1) ?? 1;
  const data = items.slice((current - 1) * limit, current * limit);
  return {
    data,
    page: {
      total: items.length,
      count: data.length,
      per_page: limit,
      current_page: current,
      total_pages: Math.max(1, Math.ceil(items.length / limit)),
    },
  };
}

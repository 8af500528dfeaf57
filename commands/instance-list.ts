// `instance list` (optional endpoint E3, spec part 10): every server on one table, read page by
// page. The filters go to the API and are applied again here, so a service that ignores one of
// them still gets the right rows.
import type { HostingApi, InstanceListItem } from '../src/api/index.js';
import {
  arg,
  asFlag,
  commandGroup,
  LIST_PAGING,
  optional,
  readAllInstances,
  type CommandDefinition,
  t,
  UserError,
  type Locale,
} from '../src/core/index.js';
import { moneyColumn } from '../src/render/format.js';
import { present, show } from './shared/format.js';
import { notOffered } from './shared/not-offered.js';
import { noSuchPage, pageFooter } from './shared/paging.js';

const command = commandGroup('instance');

/** Statuses `--status` accepts (the spec lists none; these are the ones seen and the panel's). */
export const INSTANCE_STATUSES = [
  'Running',
  'Stopped',
  'Stopping',
  'Starting',
  'Rebooting',
  'Creating',
  'Restoring',
  'Rolling back',
  'Terminating',
  'Error',
] as const;

/** Servers asked for per page. */
export const PAGE_SIZE = LIST_PAGING.pageSize;
/** Pages read at most without --page (5,000 servers). */
export const MAX_PAGES = LIST_PAGING.maxPages;

interface Filters {
  statuses: string[];
  search: string | undefined;
  location: string | undefined;
}

/** "running,error" → ["Running", "Error"]; an unknown name is a usage error listing the valid ones. */
function parseStatuses(raw: string | undefined, locale: Locale): string[] {
  if (raw === undefined) return [];
  const key = (s: string) => s.trim().toLowerCase().replace(/[-_]+/g, ' ');
  const wanted = raw.split(',').filter((s) => s.trim() !== '');
  const statuses = wanted.map((name) => {
    const status = INSTANCE_STATUSES.find((s) => s.toLowerCase() === key(name));
    if (!status) {
      throw new UserError(
        'invalid-argument',
        t(locale, 'list.unknownStatus', {
          name: name.trim().slice(0, 40),
          valid: INSTANCE_STATUSES.join(', '),
        }),
        t(locale, 'list.unknownStatusHint'),
      );
    }
    return status;
  });
  return [...new Set(statuses)];
}

/** Whether a server passes every filter (hostname and location compared case-insensitively, as parts). */
function matches(item: InstanceListItem, filters: Filters): boolean {
  const status = show(item.status).toLowerCase();
  const has = (value: unknown, part: string | undefined) =>
    part === undefined || show(value).toLowerCase().includes(part.toLowerCase());
  return (
    (filters.statuses.length === 0 || filters.statuses.some((s) => s.toLowerCase() === status)) &&
    has(item.hostname, filters.search) &&
    has(item.location, filters.location)
  );
}

type Listing = Awaited<ReturnType<typeof readAllInstances>>;

/** One page (--page), or every page up to MAX_PAGES (the core's reader, shared with name resolution). */
async function readList(api: HostingApi, filters: Filters, page: number | undefined): Promise<Listing> {
  const query = {
    ...(filters.statuses.length > 0 ? { statuses: filters.statuses } : {}),
    ...(filters.search !== undefined ? { search: filters.search } : {}),
  };
  if (page === undefined) return readAllInstances(api, query);
  const one = await api.instances.list({ limit: PAGE_SIZE, ...query, page });
  return { items: one.items, page: one.page, cut: false };
}

/** "31 servers · 30 Running · 1 Error": the most common status first. */
function statusCounts(items: InstanceListItem[], locale: Locale): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(show(item.status), (counts.get(show(item.status)) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [
    t(locale, 'count.server', { n: items.length }),
    ...parts.map(([status, n]) => `${n} ${status}`),
  ].join(' · ');
}

/** The same filters as typed, for the "next page" hint; values with spaces quoted. */
function filterFlags(filters: Filters): string {
  const quote = (value: string) => (/[\s"']/.test(value) ? `"${value.replace(/"/g, '')}"` : value);
  const flags: string[] = [];
  if (filters.statuses.length > 0) flags.push(`--status ${quote(filters.statuses.join(','))}`);
  if (filters.search !== undefined) flags.push(`--search ${quote(filters.search)}`);
  if (filters.location !== undefined) flags.push(`--location ${quote(filters.location)}`);
  return flags.join(' ');
}

/** The servers' count in the reader's language, for the page footer and "no such page". */
const serversIn = (locale: Locale) => (n: number) => t(locale, 'count.server', { n });

/** The monthly column: in full in English, as before; the short rupiah form in Indonesian ("Rp912,5 rb"). */
function monthly(amount: unknown, currency: string, locale: Locale): string {
  return moneyColumn(amount, currency, locale);
}

/** E3: every server with status, location, public IP, tier and monthly estimate, sorted by hostname. */
export const instanceList = command({
  name: 'list',
  summary: 'List every server: status, location, public IP, tier, monthly estimate',
  description:
    'Reads the instance list the hosting service may offer (optional). Without --page every page is ' +
    `read, ${PAGE_SIZE} servers a page, at most ${MAX_PAGES} pages.`,
  examples: [
    '/vps instance list',
    '/vps instance list --status Stopped,Error',
    '/vps instance list --search web --location Jakarta',
    '/vps instance list --page 2',
  ],
  args: {
    status: optional(asFlag(arg.string('Statuses, comma-separated (e.g. Stopped,Error)'))),
    search: optional(asFlag(arg.string('Part of a hostname', { max: 100 }))),
    location: optional(asFlag(arg.string('Part of a location name, e.g. Jakarta', { max: 100 }))),
    page: optional(asFlag(arg.integer(`Page number (${PAGE_SIZE} servers a page)`, { min: 1 }))),
  },
  risk: 'read',
  run: async (ctx, args) => {
    const { locale } = ctx;
    const filters: Filters = {
      statuses: parseStatuses(args.status, locale),
      search: args.search,
      location: args.location,
    };
    let listing: Listing;
    try {
      listing = await readList(ctx.api, filters, args.page);
    } catch (error) {
      if (!notOffered(error)) throw error;
      throw new UserError('not-found', t(locale, 'list.notOffered'), t(locale, 'list.notOfferedHint'));
    }
    const title =
      args.page === undefined ? t(locale, 'list.title') : t(locale, 'list.titlePage', { page: args.page });
    const items = listing.items
      .filter((item) => matches(item, filters))
      .sort((a, b) =>
        (present(a.hostname) ?? a.uuid).localeCompare(present(b.hostname) ?? b.uuid, 'en', { numeric: true }),
      );
    const flags = filterFlags(filters);
    const servers = serversIn(locale);
    const filtered =
      flags === '' ? [] : [{ type: 'context' as const, text: t(locale, 'list.filtered', { flags }) }];
    if (items.length === 0) {
      const text =
        args.page !== undefined && args.page > 1 && listing.items.length === 0
          ? noSuchPage(args.page, listing.page, servers, locale)
          : t(locale, flags === '' ? 'list.noServers' : 'list.noMatch');
      return { title, tone: 'info', blocks: [{ type: 'text', text }, ...filtered] };
    }
    const header = statusCounts(items, locale);
    const footer =
      args.page !== undefined
        ? [pageFooter(listing.page, servers, `instance list ${flags}`.trim(), { page: args.page }, locale)]
        : listing.cut
          ? [
              {
                type: 'text' as const,
                text: t(locale, 'list.cut', { read: MAX_PAGES, pages: listing.page.total_pages }),
              },
            ]
          : [];
    return {
      title,
      tone: listing.cut ? 'warning' : 'info',
      summary: header,
      blocks: [
        { type: 'text', text: header },
        {
          type: 'table',
          columns: [
            t(locale, 'column.hostname'),
            t(locale, 'list.column.status'),
            t(locale, 'list.column.location'),
            t(locale, 'list.column.publicIp'),
            t(locale, 'list.column.tier'),
            t(locale, 'list.column.monthly'),
          ],
          rows: items.map((item) => [
            present(item.hostname) ?? item.uuid,
            show(item.status),
            show(item.location),
            show(item.ip_address),
            show(item.tier),
            monthly(item.estimated_monthly_cost ?? item.estimated_monthly_price, ctx.currency, locale),
          ]),
        },
        ...footer,
        ...filtered,
      ],
    };
  },
});

/** `instance list`, listed first in the instance group. */
export const instanceListCommands: CommandDefinition[] = [instanceList];

// The estate: every server the instance list (optional endpoint E3) shows, read page by page and
// kept in the store's ephemeral state for a short TTL, so replicas share one copy. Name resolution,
// completion and sweeping watches read it; without E3 (404/405) it is simply absent.
import type { HostingApi, InstanceListItem, PageInfo } from '../../api/index.js';
import type { BotStore } from '../store.js';

/** Servers asked for per page. */
export const LIST_PAGE_SIZE = 100;
/** Pages read at most in one pass (5,000 servers). */
export const LIST_MAX_PAGES = 50;
/** Default lifetime of the cached list (VPSOPS_INSTANCE_LIST_TTL_SECONDS). */
export const INSTANCE_LIST_TTL_MS = 60_000;
/** A miss refreshes the list only when the copy is at least this old (hostile unknown names cost one read, not one per name). */
const MISS_REFRESH_AFTER_MS = 5_000;
/** Ephemeral-state key of the cached list. */
const CACHE_KEY = 'estate:instance-list';

/** The filters E3 takes. */
export interface ListQuery {
  statuses?: string[];
  search?: string;
}

/** Every page of one listing, up to LIST_MAX_PAGES; a server seen twice (the list moved while paging) counts once. */
export interface FullListing {
  items: InstanceListItem[];
  page: PageInfo;
  /** Pages there were beyond LIST_MAX_PAGES, left unread. */
  cut: boolean;
}

/** Reads every page of the instance list (E3); rejects like the API (404/405 when not offered). */
export async function readAllInstances(
  api: Pick<HostingApi, 'instances'>,
  query: ListQuery = {},
): Promise<FullListing> {
  const base = { limit: LIST_PAGE_SIZE, ...query };
  const first = await api.instances.list({ ...base, page: 1 });
  const byUuid = new Map(first.items.map((item) => [item.uuid, item]));
  const last = Math.min(first.page.total_pages, LIST_MAX_PAGES);
  for (let next = 2; next <= last; next += 1) {
    const more = await api.instances.list({ ...base, page: next });
    if (more.items.length === 0) break;
    for (const item of more.items) byUuid.set(item.uuid, item);
  }
  return { items: [...byUuid.values()], page: first.page, cut: first.page.total_pages > LIST_MAX_PAGES };
}

/** One server as the cache keeps it (what names, completion and sweeping watches need). */
export interface EstateServer {
  uuid: string;
  hostname: string;
  location: string;
}

/** The cached list: the servers, or `offered: false` when the service answered 404/405. */
interface CachedList {
  fetchedAt: number;
  offered: boolean;
  servers: EstateServer[];
}

/** What the estate list needs. */
export interface EstateDeps {
  api: Pick<HostingApi, 'instances'>;
  store: Pick<BotStore, 'ephemeral'>;
  /** Cache lifetime in ms (default INSTANCE_LIST_TTL_MS). */
  ttlMs?: number;
  now?: () => Date;
}

function notOffered(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 404 || status === 405;
}

function toServer(item: InstanceListItem): EstateServer {
  return {
    uuid: item.uuid.toLowerCase(),
    hostname: typeof item.hostname === 'string' ? item.hostname.trim() : '',
    location: typeof item.location === 'string' ? item.location.trim() : '',
  };
}

/** The last copy parsed in this process: a warm cache costs a store read, not a parse of every server. */
let lastParsed: { raw: string; list: CachedList } | null = null;

async function readCache(deps: EstateDeps): Promise<CachedList | null> {
  const raw = await deps.store.ephemeral.get(CACHE_KEY);
  if (raw === null) return null;
  if (lastParsed?.raw === raw) return lastParsed.list;
  try {
    const list = JSON.parse(raw) as CachedList;
    lastParsed = { raw, list };
    return list;
  } catch {
    return null;
  }
}

/** One refresh at a time per process, store and namespace (tenant): concurrent misses of one tenant share it. */
const inFlight = new WeakMap<object, Map<string, Promise<CachedList>>>();

async function fetchAndCache(deps: EstateDeps): Promise<CachedList> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  let cached: CachedList;
  try {
    const listing = await readAllInstances(deps.api);
    cached = { fetchedAt: now, offered: true, servers: listing.items.map(toServer) };
  } catch (error) {
    if (!notOffered(error)) throw error;
    cached = { fetchedAt: now, offered: false, servers: [] };
  }
  await deps.store.ephemeral.set(CACHE_KEY, JSON.stringify(cached), deps.ttlMs ?? INSTANCE_LIST_TTL_MS);
  return cached;
}

function refresh(deps: EstateDeps): Promise<CachedList> {
  const refreshes = inFlight.get(deps.store) ?? new Map<string, Promise<CachedList>>();
  inFlight.set(deps.store, refreshes);
  const namespace = deps.store.ephemeral.namespace?.() ?? '';
  const running = refreshes.get(namespace);
  if (running) return running;
  const next = fetchAndCache(deps).finally(() => refreshes.delete(namespace));
  refreshes.set(namespace, next);
  return next;
}

/** How fresh the caller wants the list. */
export type Freshness =
  /** Only what is cached; never calls the API (parsing hints). */
  | 'cached'
  /** The cached copy, read from the API when there is none (completion, resolution). */
  | 'cached-or-fetch'
  /** Read again unless the copy is only seconds old (a name was not found in it). */
  | 'after-miss'
  /** Always read again (sweeping watches). */
  | 'fresh';

/**
 * The servers of the instance list, or null when the service does not offer one (or, for
 * 'cached', when nothing is cached). API errors other than 404/405 reject.
 */
export async function estateServers(deps: EstateDeps, freshness: Freshness): Promise<EstateServer[] | null> {
  const cached = freshness === 'fresh' ? null : await readCache(deps);
  const now = (deps.now ?? (() => new Date()))().getTime();
  const stale =
    cached !== null && freshness === 'after-miss' && now - cached.fetchedAt >= MISS_REFRESH_AFTER_MS;
  if (freshness === 'cached' || (cached !== null && !stale)) return cached?.offered ? cached.servers : null;
  const fetched = await refresh(deps);
  return fetched.offered ? fetched.servers : null;
}

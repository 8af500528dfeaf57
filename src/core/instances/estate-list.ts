// The estate: every server the instance list (optional endpoint E3) shows, read page by page and
// kept in the store's ephemeral state for a short TTL, so replicas share one copy — and one replica
// reads it for all: a refresh takes a lease, and the replicas that miss the lease wait for the copy
// its holder writes. Name resolution, completion and sweeping watches read it; without E3 (404/405)
// it is simply absent.
import { randomUUID } from 'node:crypto';
import type { HostingApi, InstanceListItem, PageInfo } from '../../api/index.js';
import { lease } from '../leases.js';
import type { BotStore } from '../store.js';

/** How the instance list is read: servers asked for per page, pages read at most in one pass (5,000 servers). */
export const LIST_PAGING = { pageSize: 100, maxPages: 50 } as const;
/** Pages after the first read side by side (5,000 servers: 13 rounds, not 49 in a row). */
const PAGES_AT_ONCE = 4;
/** Default lifetime of the cached list (VPSOPS_INSTANCE_LIST_TTL_SECONDS). */
export const INSTANCE_LIST_TTL_MS = 60_000;
/** A miss refreshes the list only when the copy is at least this old (hostile unknown names cost one read, not one per name). */
const MISS_REFRESH_AFTER_MS = 5_000;
/** Ephemeral-state key of the cached list, and of its version (a warm lookup reads only that). */
const CACHE_KEY = 'estate:instance-list';
const VERSION_KEY = 'estate:instance-list-version';
/** The lease of the replica reading the list, and how long the others wait for its copy at most. */
const REFRESH_LEASE_MS = 30_000;
/** How often a waiting replica looks for the copy. */
const WAIT_STEP_MS = 100;
/** The lease owner of each store handle (a replica has one; replicas run in one process in tests). */
const owners = new WeakMap<object, string>();
const ownerOf = (store: object): string => {
  const owner = owners.get(store) ?? randomUUID();
  owners.set(store, owner);
  return owner;
};

/** The filters E3 takes. */
export interface ListQuery {
  statuses?: string[];
  search?: string;
}

/** Every page of one listing, up to LIST_PAGING.maxPages; a server seen twice (the list moved while paging) counts once. */
export interface FullListing {
  items: InstanceListItem[];
  page: PageInfo;
  /** Pages there were beyond LIST_PAGING.maxPages, left unread. */
  cut: boolean;
}

/** Reads every page of the instance list (E3); rejects like the API (404/405 when not offered). */
export async function readAllInstances(
  api: Pick<HostingApi, 'instances'>,
  query: ListQuery = {},
): Promise<FullListing> {
  const base = { limit: LIST_PAGING.pageSize, ...query };
  const first = await api.instances.list({ ...base, page: 1 });
  const last = Math.min(first.page.total_pages, LIST_PAGING.maxPages);
  const pages: InstanceListItem[][] = [first.items];
  let next = 2;
  const reader = async (): Promise<void> => {
    for (let page = next++; page <= last; page = next++)
      pages[page - 1] = (await api.instances.list({ ...base, page })).items;
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, last - 1) }, reader));
  // In page order; an empty page (the list shrank while paging) simply adds nothing.
  const byUuid = new Map(pages.flatMap((items) => items ?? []).map((item) => [item.uuid, item]));
  return { items: [...byUuid.values()], page: first.page, cut: first.page.total_pages > LIST_PAGING.maxPages };
}

/** One server as the cache keeps it (what names, completion and sweeping watches need). */
export interface EstateServer {
  uuid: string;
  hostname: string;
  location: string;
}

/** The cached list: the servers, or `offered: false` when the service answered 404/405. */
interface CachedList {
  /** Unique per write: the version key names the copy it goes with. */
  version?: string;
  fetchedAt: number;
  offered: boolean;
  servers: EstateServer[];
}

/** What the estate list needs. */
export interface EstateDeps {
  api: Pick<HostingApi, 'instances'>;
  /** With leases, one replica reads the list for all; without, each reads its own. */
  store: Pick<BotStore, 'ephemeral'> & Partial<Pick<BotStore, 'leases'>>;
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

/**
 * The last copy read in this process: a warm lookup reads the small version key and, when it names
 * this copy, neither reads nor parses the list (versions are random, so no tenant's matches another's).
 */
let lastParsed: CachedList | null = null;

async function readCache(deps: EstateDeps): Promise<CachedList | null> {
  const version = await deps.store.ephemeral.get(VERSION_KEY);
  if (version !== null && lastParsed?.version === version) return lastParsed;
  const raw = await deps.store.ephemeral.get(CACHE_KEY);
  if (raw === null) return null;
  try {
    const list = JSON.parse(raw) as CachedList;
    lastParsed = list.version ? list : null;
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
  const ttlMs = deps.ttlMs ?? INSTANCE_LIST_TTL_MS;
  cached.version = randomUUID();
  // The list first: a version key never names a copy not yet written.
  await deps.store.ephemeral.set(CACHE_KEY, JSON.stringify(cached), ttlMs);
  await deps.store.ephemeral.set(VERSION_KEY, cached.version, ttlMs);
  lastParsed = cached;
  return cached;
}

/**
 * Reads the list under the namespace's refresh lease; while another replica holds it, waits for a
 * copy fetched after `newerThan` (at most the lease's TTL, then reads it itself).
 */
async function refreshShared(deps: EstateDeps, namespace: string, newerThan: number): Promise<CachedList> {
  if (!deps.store.leases) return fetchAndCache(deps);
  const reading = lease(
    deps.store.leases,
    `estate-refresh:${namespace}`,
    ownerOf(deps.store),
    REFRESH_LEASE_MS,
  );
  const giveUpAt = Date.now() + REFRESH_LEASE_MS;
  for (;;) {
    const copy = await readCache(deps);
    if (copy && copy.fetchedAt > newerThan) return copy;
    if (Date.now() >= giveUpAt) return fetchAndCache(deps);
    if (await reading.take()) {
      try {
        return await fetchAndCache(deps);
      } finally {
        await reading.release().catch(() => undefined);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

function refresh(deps: EstateDeps, newerThan: number): Promise<CachedList> {
  const refreshes = inFlight.get(deps.store) ?? new Map<string, Promise<CachedList>>();
  inFlight.set(deps.store, refreshes);
  const namespace = deps.store.ephemeral.namespace?.() ?? '';
  const running = refreshes.get(namespace);
  if (running) return running;
  const next = refreshShared(deps, namespace, newerThan).finally(() => refreshes.delete(namespace));
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
  // Another replica's copy serves if fetched after what this call found wanting.
  const newerThan = freshness === 'fresh' ? now - 1 : (cached?.fetchedAt ?? Number.NEGATIVE_INFINITY);
  const fetched = await refresh(deps, newerThan);
  return fetched.offered ? fetched.servers : null;
}

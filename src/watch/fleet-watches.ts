// Fleet watches (`watch --all`, `watch --location <name>`): a record per channel and scope says what
// to keep watched; a sweep reads the instance list (optional endpoint E3) and gives every server in
// the scope a watch of its own, so alerts stay per hostname, and drops the watches it made for
// servers no longer listed. One replica repeats the sweep under a lease, so new servers are picked up
// (fleet-sweeper.ts).
import { createHash } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import {
  type BotStore,
  type FleetScope,
  type FleetWatchService,
  type Platform,
  type ResolvedInstance,
  UserError,
  type WatchService,
  type TenantScope,
  DEFAULT_LOCALE,
  t,
  type Locale,
} from '../core/index.js';
import { estateServers, type EstateServer } from '../core/kit/index.js';
import { cannotPostError } from './delivery/delivery.js';
import { WATCH_COLLECTIONS, type FleetRecord, type WatchRecord } from './types.js';
import { watchBook, watchId, type ChannelCheck } from './books/watch-book.js';

/** What fleet watches need. */
export interface FleetDeps {
  api: Pick<HostingApi, 'instances'>;
  store: BotStore;
  /** Removes a watch with its alert state and incident cards (the WatchService's own remove). */
  watches: Pick<WatchService, 'remove'>;
  now: () => number;
  /** Lifetime of the cached instance list (VPSOPS_INSTANCE_LIST_TTL_SECONDS). */
  ttlMs?: number;
  checkChannel?: ChannelCheck;
  /** OAuth mode: each tenant's fleets are swept with its own key. */
  tenants?: TenantScope;
}

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Short stable id of a channel's fleet watch of one scope. */
export function fleetId(platform: Platform, channelId: string, scope: FleetScope): string {
  const key = scope.type === 'all' ? 'all' : `location:${scope.name.trim().toLowerCase()}`;
  return createHash('sha256').update(`${platform}\n${channelId}\n${key}`).digest('base64url').slice(0, 16);
}

/** "every server" or "location Jakarta 1", in the reader's language. */
export function scopeText(scope: FleetScope, locale: Locale = DEFAULT_LOCALE): string {
  return scope.type === 'all'
    ? t(locale, 'fleet.everyServer')
    : t(locale, 'fleet.location', { name: scope.name });
}

const inScope = (scope: FleetScope, server: EstateServer): boolean =>
  scope.type === 'all' || sameName(server.location, scope.name);

/** The servers of the instance list, read afresh; a UserError when the service offers none. */
async function listedServers(deps: FleetDeps, locale: Locale): Promise<EstateServer[]> {
  const servers = await estateServers(
    { api: deps.api, store: deps.store, ...(deps.ttlMs !== undefined ? { ttlMs: deps.ttlMs } : {}) },
    'fresh',
  );
  if (servers === null)
    throw new UserError('not-found', t(locale, 'fleet.noList'), t(locale, 'fleet.oneByOne'));
  return servers;
}

/** Whether a stored watch already says what the sweep would write. */
function unchanged(was: WatchRecord, next: WatchRecord): boolean {
  return (
    was.fleet === next.fleet &&
    was.instance.label === next.instance.label &&
    was.cpuPercent === next.cpuPercent &&
    was.memoryPercent === next.memoryPercent &&
    was.page === next.page &&
    was.ownerLocale === next.ownerLocale
  );
}

/**
 * Brings one fleet watch in step with the listed servers: a watch for each server in its scope
 * (one set by hand or by another fleet watch is left as it is), and the watches it made for
 * servers no longer in scope removed. Returns the servers in scope.
 */
export async function sweepFleet(
  deps: FleetDeps,
  fleet: FleetRecord,
  servers: EstateServer[],
): Promise<ResolvedInstance[]> {
  const book = watchBook(deps.store);
  const here = (await book.watches.list()).filter(
    (w) => w.platform === fleet.platform && w.channelId === fleet.channelId,
  );
  const existing = new Map(here.map((w) => [w.id, w]));
  const wanted = servers.filter((s) => inScope(fleet.scope, s));
  const kept = new Set<string>();
  for (const server of wanted) {
    const id = watchId(fleet.platform, fleet.channelId, server.uuid);
    kept.add(id);
    const was = existing.get(id);
    if (was && was.fleet !== fleet.id) continue;
    const record: WatchRecord = {
      id,
      platform: fleet.platform,
      channelId: fleet.channelId,
      instance: { uuid: server.uuid, label: server.hostname || server.uuid },
      setBy: fleet.setBy,
      setAt: was?.setAt ?? fleet.setAt,
      fleet: fleet.id,
    };
    if (fleet.cpuPercent !== undefined) record.cpuPercent = fleet.cpuPercent;
    if (fleet.memoryPercent !== undefined) record.memoryPercent = fleet.memoryPercent;
    if (fleet.page !== undefined) record.page = fleet.page;
    if (fleet.ownerLocale) record.ownerLocale = fleet.ownerLocale;
    if (!was || !unchanged(was, record)) await book.watches.put(id, record);
  }
  for (const w of here) {
    if (w.fleet === fleet.id && !kept.has(w.id))
      await deps.watches.remove(w.platform, w.channelId, w.instance.uuid);
  }
  return wanted
    .map((s) => ({ uuid: s.uuid, label: s.hostname || s.uuid }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
}

/** The FleetWatchService behind `watch --all|--location` and `unwatch --all|--location`. */
export function createFleetWatches(deps: FleetDeps): FleetWatchService {
  const fleets = deps.store.collection<FleetRecord>(WATCH_COLLECTIONS.fleets);
  const book = watchBook(deps.store);
  return {
    async set(platform, channelId, typed, settings, by, ownerLocale) {
      const locale = ownerLocale ?? DEFAULT_LOCALE;
      const cannot = await deps.checkChannel?.(platform, channelId);
      if (cannot) throw cannotPostError(cannot, locale);
      const servers = await listedServers(deps, locale);
      let scope = typed;
      if (typed.type === 'location') {
        const found = servers.find((s) => sameName(s.location, typed.name));
        if (!found) {
          const locations = [...new Set(servers.map((s) => s.location).filter(Boolean))].sort();
          throw new UserError(
            'not-found',
            t(locale, 'fleet.noServerIn', { name: typed.name }),
            locations.length > 0
              ? t(locale, 'fleet.locations', { locations: locations.join(', ') })
              : t(locale, 'fleet.emptyList'),
          );
        }
        scope = { type: 'location', name: found.location };
      }
      const id = fleetId(platform, channelId, scope);
      const existing = await fleets.get(id);
      const record: FleetRecord = {
        id,
        platform,
        channelId,
        scope,
        setBy: { platform: by.platform, userId: by.userId, displayName: by.displayName },
        setAt: deps.now(),
      };
      if (settings.cpuPercent !== undefined) record.cpuPercent = settings.cpuPercent;
      if (settings.memoryPercent !== undefined) record.memoryPercent = settings.memoryPercent;
      if (settings.page !== undefined) record.page = settings.page;
      if (ownerLocale) record.ownerLocale = ownerLocale;
      await fleets.put(id, record);
      const watched = await sweepFleet(deps, record, servers);
      const what = scopeText(scope, locale);
      return { outcome: existing ? 'changed' : 'created', what, scope, servers: watched };
    },
    async remove(platform, channelId, scope, locale = DEFAULT_LOCALE) {
      const mine = (await fleets.list()).filter((f) => f.platform === platform && f.channelId === channelId);
      const ended =
        scope.type === 'all' ? mine : mine.filter((f) => f.id === fleetId(platform, channelId, scope));
      const endedIds = new Set(ended.map((f) => f.id));
      const watches = (await book.watches.list()).filter(
        (w) =>
          w.platform === platform &&
          w.channelId === channelId &&
          !w.billing &&
          (scope.type === 'all' || (w.fleet !== undefined && endedIds.has(w.fleet))),
      );
      if (ended.length === 0 && watches.length === 0) return null;
      for (const f of ended) await fleets.delete(f.id);
      for (const w of watches) await deps.watches.remove(platform, channelId, w.instance.uuid);
      const what = scopeText(scope.type === 'all' ? scope : (ended[0]?.scope ?? scope), locale);
      return { what, removed: watches.length };
    },
  };
}

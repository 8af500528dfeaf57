// OAuth mode: the bot's store and audit trail as one tenant sees them — the one place where state is
// split by tenant. Pending confirmations, watches, followed operations, bindings, learned hostnames,
// seen ids, channel stories and the short-lived state (the cached instance list, alert claims, rate counters) are
// keyed under the current tenant and stamped with its id (`tenant`), so nothing of tenant A is
// readable, listable or changeable from tenant B. Outside a tenant (the background work's listing
// pass) every record shows with its `tenant`, and that work runs each record as its tenant
// (TenantScope.run), where these keys resolve again. Leases, the adapters' own handles (given the
// unscoped state by src/app/tenancy.ts) and the tenants collection itself stay shared.
import type {
  AuditLog,
  AuditRecord,
  BotStore,
  EphemeralState,
  PendingStore,
  TenantScope,
} from '../core/index.js';
import type {
  HostnameDirectory,
  PendingConfirmation,
  RecordCollection,
  StoryLog,
} from '../core/kit/index.js';
import { redactDeep, type Redactor } from '../api/redact.js';
import { TENANTS_COLLECTION } from './tenant-directory.js';

/** Between a tenant id and a key or hostname: a character neither contains. */
const SEPARATOR = '\u241f';

const keyIn = (tenant: string | undefined, id: string) => (tenant ? `${tenant}${SEPARATOR}${id}` : id);

const tenantOf = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && 'tenant' in value && typeof value.tenant === 'string'
    ? value.tenant
    : undefined;

/** A collection whose records, inside a tenant, are that tenant's only. */
function scopedCollection<T>(base: RecordCollection<T>, scope: TenantScope): RecordCollection<T> {
  const mine = async (): Promise<T[]> => {
    const tenant = scope.current();
    const all = await base.list();
    return tenant ? all.filter((record) => tenantOf(record) === tenant) : all;
  };
  return {
    put(id, value) {
      const tenant = scope.current();
      const stamped = tenant && typeof value === 'object' && value !== null ? { ...value, tenant } : value;
      return base.put(keyIn(tenant, id), stamped);
    },
    get: (id) => base.get(keyIn(scope.current(), id)),
    delete: (id) => base.delete(keyIn(scope.current(), id)),
    list: mine,
    count: async () => (scope.current() ? (await mine()).length : base.count()),
    async ids() {
      const all = (await base.ids?.()) ?? [];
      const tenant = scope.current();
      if (!tenant) return all;
      const start = `${tenant}${SEPARATOR}`;
      return all.flatMap((id) => (id.startsWith(start) ? [id.slice(start.length)] : []));
    },
  };
}

/** Pending confirmations: stamped with their tenant; another tenant may read one (to be refused clearly by the runner) but never take, attach or delete it. */
function scopedPending(base: PendingStore, scope: TenantScope): PendingStore {
  const owned = async (token: string): Promise<boolean> => {
    const tenant = scope.current();
    if (!tenant) return true;
    const pending = await base.get(token);
    return !pending || pending.tenant === tenant;
  };
  const mine = (pending: PendingConfirmation) => {
    const tenant = scope.current();
    return !tenant || pending.tenant === tenant;
  };
  return {
    put(pending) {
      const tenant = scope.current();
      return base.put(tenant ? { ...pending, tenant } : pending);
    },
    get: (token) => base.get(token),
    async take(token, usedBy, at, resolution, takeId) {
      return (await owned(token)) ? base.take(token, usedBy, at, resolution, takeId) : null;
    },
    async attachCard(token, ref) {
      return (await owned(token)) && base.attachCard(token, ref);
    },
    async delete(token) {
      if (await owned(token)) await base.delete(token);
    },
    due: (at, limit, keep = () => true) => base.due(at, limit, (p) => mine(p) && keep(p)),
    count: () => base.count(),
  };
}

/** Learned hostnames: stored as "<tenant>␟<uuid>" → "<tenant>␟<hostname>", so a name resolves, completes and is forgotten in its tenant only. */
function scopedHostnames(base: HostnameDirectory, scope: TenantScope): HostnameDirectory {
  const prefix = () => {
    const tenant = scope.current();
    return tenant ? `${tenant}${SEPARATOR}` : '';
  };
  // Hostnames and uuids are compared (and may be stored) case-insensitively by the stores.
  const strip = (stored: string, start: string): string | null =>
    stored.toLowerCase().startsWith(start.toLowerCase()) ? stored.slice(start.length) : null;
  const own = (stored: string[], start: string) =>
    stored.flatMap((uuid) => {
      const bare = strip(uuid, start);
      return bare === null ? [] : [bare];
    });
  return {
    remember: (uuid, hostname) => base.remember(prefix() + uuid, prefix() + hostname),
    async hostnameOf(uuid) {
      const stored = await base.hostnameOf(prefix() + uuid);
      return stored === null ? null : strip(stored, prefix());
    },
    forget: (uuid) => base.forget(prefix() + uuid),
    uuidsOf: async (hostname) => own(await base.uuidsOf(prefix() + hostname), prefix()),
    async search(start, limit) {
      const mine = prefix();
      return (await base.search(mine + start, limit)).flatMap((known) => {
        const hostname = strip(known.hostname, mine);
        const uuid = strip(known.uuid, mine);
        return hostname === null || uuid === null ? [] : [{ uuid, hostname }];
      });
    },
  };
}

/** Short-lived state: keys prefixed "<tenant>␟", so caches (the instance list) and counters are the tenant's own. */
function scopedEphemeral(base: EphemeralState, scope: TenantScope): EphemeralState {
  const keyOf = (key: string) => keyIn(scope.current(), key);
  return {
    get: (key) => base.get(keyOf(key)),
    set: (key, value, ttlMs) => base.set(keyOf(key), value, ttlMs),
    delete: (key) => base.delete(keyOf(key)),
    increment: (key, ttlMs) => base.increment(keyOf(key), ttlMs),
    namespace: () => scope.current() ?? '',
  };
}

/** The current tenant's secrets: read, then redacted from what it writes down. */
type TenantSecrets = { ready(): Promise<void>; redact: Redactor };

/** Stories: each channel's kept under "<tenant>␟<channel>", entries stamped with their tenant and redacted. */
function scopedStory(base: StoryLog, scope: TenantScope, secrets?: TenantSecrets): StoryLog {
  return {
    async append(channel, entry) {
      const tenant = scope.current();
      if (!tenant) return base.append(channel, entry);
      await secrets?.ready();
      const redacted = secrets ? redactDeep(entry, secrets.redact) : entry;
      return base.append(keyIn(tenant, channel), { ...redacted, tenant });
    },
    read: (channel, since, limit) => base.read(keyIn(scope.current(), channel), since, limit),
    async channels() {
      const all = await base.channels();
      const tenant = scope.current();
      if (!tenant) return all;
      const start = `${tenant}${SEPARATOR}`;
      return all.flatMap((channel) => (channel.startsWith(start) ? [channel.slice(start.length)] : []));
    },
    drop: (channel) => base.drop(keyIn(scope.current(), channel)),
  };
}

/** The store as the current tenant sees it (and whole, outside any tenant). */
export function tenantScopedStore(base: BotStore, scope: TenantScope, secrets?: TenantSecrets): BotStore {
  const store: BotStore = {
    kind: base.kind,
    pending: scopedPending(base.pending, scope),
    bindings: scopedCollection(base.bindings, scope),
    hostnames: scopedHostnames(base.hostnames, scope),
    operations: scopedCollection(base.operations, scope),
    leases: base.leases,
    ephemeral: scopedEphemeral(base.ephemeral, scope),
    story: scopedStory(base.story, scope, secrets),
    collection: <T>(name: string) =>
      name === TENANTS_COLLECTION
        ? base.collection<T>(name)
        : scopedCollection(base.collection<T>(name), scope),
    ping: () => base.ping(),
    close: () => base.close(),
  };
  if (base.time) store.time = base.time.bind(base);
  if (base.faults) store.faults = base.faults.bind(base);
  return store;
}

/** Longest stretch of the shared trail read to find one tenant's newest records. */
const MAX_AUDIT_SCAN = 20_000;

/** The audit trail as the current tenant sees it: records stamped with their tenant, listed to it only (kept after an uninstall). */
export function tenantScopedAudit(
  base: AuditLog,
  scope: TenantScope,
  /** The current tenant's secrets: read, then redacted from every record it writes. */
  secrets?: TenantSecrets,
): AuditLog {
  const mine = (record: AuditRecord | undefined) => {
    const tenant = scope.current();
    return record !== undefined && (!tenant || record.tenant === tenant);
  };
  // The trail is shared: read further back until `limit` of this tenant's records are found.
  const newest = async (limit: number, read: (n: number) => Promise<AuditRecord[]>) => {
    if (!scope.current()) return read(limit);
    for (let n = limit * 4; ; n *= 4) {
      const records = await read(Math.min(n, MAX_AUDIT_SCAN));
      const own = records.filter(mine);
      if (own.length >= limit || records.length < n || n >= MAX_AUDIT_SCAN) return own.slice(0, limit);
    }
  };
  return {
    async write(record) {
      const tenant = scope.current();
      if (!tenant) return base.write(record);
      await secrets?.ready();
      const redacted = secrets ? redactDeep(record, secrets.redact) : record;
      return base.write({ ...redacted, tenant });
    },
    recent: (channelId, limit, platform) => newest(limit, (n) => base.recent(channelId, n, platform)),
    recentAcrossChannels: (limit) => newest(limit, (n) => base.recentAcrossChannels(n)),
    unfinished: async (before) => (await base.unfinished(before)).filter(mine),
    async answered(invocationId) {
      const record = await base.answered(invocationId);
      return mine(record) ? record : undefined;
    },
    close: () => base.close(),
  };
}

// OAuth mode's hosting-API client: every call goes out with the key of the tenant whose request is
// being served (src/tenants/scope.ts) — one client per tenant, rebuilt when its key rotates — so
// nothing of one tenant is readable or changeable with another's key. Outside a tenant's request,
// or in a tenant without a key, a call is refused before anything is sent. A tenant's client is
// released once the tenant has been idle for CLIENT_IDLE_MS (10,000 installed tenants must not
// keep 10,000 clients): the next call after that builds a new one.
import { ApiError, type HostingApi } from '../api/index.js';
import { currentTenant } from '../adapter-kit/tenant-context.js';
import { CredentialsUnreadable } from '../core/kit/index.js';
import { EnvelopeError } from '../secrets/envelope.js';
import type { TenantDirectory } from './tenant-directory.js';

type Group = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** How long a tenant's client is kept after its last call. */
export const CLIENT_IDLE_MS = 10 * 60_000;

/** A HostingApi whose every method picks the current tenant's client. */
export function tenantHostingApi(options: {
  directory: TenantDirectory;
  clientFor: (apiKey: string) => HostingApi;
  /** Default CLIENT_IDLE_MS. */
  idleMs?: number;
  now?: () => number;
}): HostingApi {
  const idleMs = options.idleMs ?? CLIENT_IDLE_MS;
  const now = options.now ?? Date.now;
  const clients = new Map<string, { apiKey: string; api: HostingApi; usedAt: number }>();
  let sweptAt = now();
  // Idle clients go on a call at most every half idle time (no timer: nothing to stop).
  const sweep = (at: number): void => {
    if (at - sweptAt < idleMs / 2) return;
    sweptAt = at;
    for (const [tenantId, client] of clients) if (at - client.usedAt >= idleMs) clients.delete(tenantId);
  };
  // A key sealed under another VPSOPS_ENCRYPTION_KEY: the people of that tenant are told so.
  const readKey = (tenantId: string) =>
    options.directory.apiKey(tenantId).catch((error: unknown) => {
      throw error instanceof EnvelopeError ? new CredentialsUnreadable() : error;
    });
  async function clientOfCurrentTenant(endpoint: string): Promise<HostingApi> {
    const tenant = currentTenant();
    const apiKey = tenant ? await readKey(tenant.id) : null;
    // Read as a refused key: the user is told to link one (the commands' own wording for 401).
    if (!tenant || !apiKey)
      throw new ApiError('UNAUTHORIZED', endpoint, { apiMessage: 'no hosting API key linked' });
    const at = now();
    sweep(at);
    const cached = clients.get(tenant.id);
    if (cached?.apiKey === apiKey) {
      cached.usedAt = at;
      return cached.api;
    }
    const api = options.clientFor(apiKey);
    clients.set(tenant.id, { apiKey, api, usedAt: at });
    return api;
  }
  const groups = new Map<string, Group>();
  return new Proxy({} as HostingApi, {
    get(_target, groupName) {
      if (typeof groupName !== 'string') return undefined;
      let group = groups.get(groupName);
      if (!group) {
        group = new Proxy({} as Group, {
          get(_inner, method) {
            if (typeof method !== 'string') return undefined;
            return async (...args: unknown[]) => {
              const api: unknown = await clientOfCurrentTenant(`${groupName}.${method}`);
              const real = (api as Record<string, Group | undefined>)[groupName];
              const target = real?.[method];
              if (!target) throw new TypeError(`the hosting API has no ${groupName}.${method}`);
              return target.apply(real, args);
            };
          },
        });
        groups.set(groupName, group);
      }
      return group;
    },
  });
}

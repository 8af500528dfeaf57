// Which tenant (workspace / guild) the work in progress belongs to: set by the adapter around each
// request it receives, read by whatever must act for that tenant only (its hosting API client,
// its bot token). Async work started inside a request keeps its tenant.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TenantScope } from '../core/index.js';
import { tenantLabel } from '../core/kit/index.js';

/** The tenant a request came from. */
export interface TenantContext {
  /** "<platform>:<team or guild id>". */
  id: string;
  /** The platform token to answer with (Slack: the workspace's bot token). */
  botToken?: string;
}

const storage = new AsyncLocalStorage<TenantContext>();

/** Runs `work` (and everything it starts) as `tenant`'s. */
export function runInTenant<T>(tenant: TenantContext, work: () => T): T {
  return storage.run(tenant, work);
}

/** The tenant of the work in progress; undefined outside a tenant's request (single-tenant mode, timers). */
export function currentTenant(): TenantContext | undefined {
  return storage.getStore();
}

/** The core's TenantScope over this one: `contextOf` finds a tenant's token for work resumed outside its request; `labelSecret` keys the metrics label. */
export function tenantScope(
  contextOf: (tenantId: string) => Promise<TenantContext>,
  labelSecret?: Buffer,
): TenantScope {
  return {
    ...(labelSecret ? { label: (tenant: string) => tenantLabel(tenant, labelSecret) } : {}),
    current: () => storage.getStore()?.id,
    async run(tenant, work) {
      if (!tenant || storage.getStore()?.id === tenant) return work();
      return storage.run(await contextOf(tenant), work);
    },
  };
}

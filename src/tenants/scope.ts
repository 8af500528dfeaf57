// The core's TenantScope over the request's tenant the adapters set (src/adapter-kit/tenant-context.ts):
// background work acts as a record's tenant through it, and the metrics label a tenant by a keyed hash.
import type { TenantScope } from '../core/index.js';
import { tenantLabel } from '../core/kit/index.js';
import { currentTenant, runInTenant, type TenantContext } from '../adapter-kit/tenant-context.js';

/** The core's TenantScope over this one: `contextOf` finds a tenant's token for work resumed outside its request; `labelSecret` keys the metrics label. */
export function tenantScope(
  contextOf: (tenantId: string) => Promise<TenantContext>,
  labelSecret?: Buffer,
): TenantScope {
  return {
    ...(labelSecret ? { label: (tenant: string) => tenantLabel(tenant, labelSecret) } : {}),
    current: () => currentTenant()?.id,
    async run(tenant, work) {
      if (!tenant || currentTenant()?.id === tenant) return work();
      return runInTenant(await contextOf(tenant), work);
    },
  };
}

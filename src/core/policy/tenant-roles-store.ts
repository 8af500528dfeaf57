// Where a tenant's roles live: one record of the store's `tenant-roles` collection, which the
// tenant-scoped store (src/tenants/tenant-store.ts) keys under the current tenant.
import { COLLECTIONS, type BotStore } from '../store.js';
import { NO_TENANT_ROLES, TENANT_ROLES_ID, type TenantRoles } from './tenant-roles.js';

/** The current tenant's roles in `store`; none set yet reads as empty lists. */
export function tenantRolesIn(store: BotStore) {
  const collection = () => store.collection<TenantRoles>(COLLECTIONS.tenantRoles);
  return {
    read: async (): Promise<TenantRoles> => (await collection().get(TENANT_ROLES_ID)) ?? NO_TENANT_ROLES,
    write: (roles: TenantRoles) => collection().put(TENANT_ROLES_ID, roles),
  };
}

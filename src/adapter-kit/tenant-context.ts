// Which tenant (workspace / guild) the work in progress belongs to: set by the adapter around each
// request it receives, read by whatever must act for that tenant only (its hosting API client,
// its bot token). Async work started inside a request keeps its tenant. The core's TenantScope over
// it is src/tenants/scope.ts.
import { AsyncLocalStorage } from 'node:async_hooks';

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

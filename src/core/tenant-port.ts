// Which tenant (workspace / guild) work belongs to, as a port: the core and the background work
// (expiry sweeper, tracker, watch poller) ask it, src/tenants implements it in OAuth mode. Records
// written for a tenant carry its id (`tenant`), so work resumed outside a request runs as theirs.
import { createHmac } from 'node:crypto';

/** What a platform calls a tenant, for the wording (a Slack workspace, a Discord server); its catalogue entry says. */
export type TenantPlace = 'workspace' | 'server';

/** The tenant of the work in progress, and a way to act as a record's tenant. */
export interface TenantScope {
  /** The current tenant's id ("slack:T0123"); undefined in single-tenant mode or outside a tenant. */
  current(): string | undefined;
  /** Runs `work` as `tenant`'s (its key, its bot token, its state); as is when `tenant` is undefined. */
  run<T>(tenant: string | undefined, work: () => Promise<T>): Promise<T>;
  /** The tenant as a metrics label: a keyed hash (see tenantLabel); absent: tenants are not counted. */
  label?(tenant: string): string;
}

/** One team, one key: no tenant anywhere (single-tenant mode, tests). */
export const SINGLE_TENANT: TenantScope = {
  current: () => undefined,
  run: (_tenant, work) => work(),
};

/**
 * A tenant as a metrics label: 12 hex characters of an HMAC-SHA256 keyed by a secret the process
 * holds (derived from VPSOPS_ENCRYPTION_KEY), so a label can be neither reversed nor computed from a
 * team or guild id by whoever reads /metrics.
 */
export const tenantLabel = (tenant: string, secret: Buffer): string =>
  createHmac('sha256', secret).update(tenant).digest('hex').slice(0, 12);

// What resolving and naming instances needs (the policy's aliases, the store's learned hostnames,
// the instance list through the API) and the instance list as those lookups read it.
import type { HostingApi } from '../../api/index.js';
import type { CoreSettings } from '../settings.js';
import { estateServers, type EstateServer, type Freshness } from './estate-list.js';
import type { Policy } from '../policy/policy.js';
import type { BotStore } from '../store.js';
import { CredentialsUnreadable } from '../errors.js';

/** Known hostnames compared against an unknown name for "did you mean", and offered to autocomplete. */
export const SUGGESTION_POOL = 500;

/** What resolution needs: the policy (aliases), the store (hostnames) and, for the instance list, the API. */
export interface ResolveDeps {
  policy: Policy;
  store: BotStore;
  /** Without it (or without E3) names resolve from aliases and learned hostnames only. */
  api?: Pick<HostingApi, 'instances'>;
  config?: Pick<CoreSettings, 'instanceListTtlMs'>;
  now?: () => Date;
}

/** The instance list's servers, or null (no API, E3 not offered, or the list unreadable: `failed`). */
export async function listed(
  deps: ResolveDeps,
  freshness: Freshness,
): Promise<{ servers: EstateServer[] | null; failed: boolean }> {
  if (!deps.api) return { servers: null, failed: false };
  try {
    const servers = await estateServers(
      {
        api: deps.api,
        store: deps.store,
        ...(deps.config?.instanceListTtlMs !== undefined ? { ttlMs: deps.config.instanceListTtlMs } : {}),
        ...(deps.now ? { now: deps.now } : {}),
      },
      freshness,
    );
    return { servers, failed: false };
  } catch (error) {
    // The tenant's key cannot be opened: said as such, never as an unknown name.
    if (error instanceof CredentialsUnreadable) throw error;
    // A list that cannot be read only means fewer names: uuids and learned names still resolve.
    return { servers: null, failed: true };
  }
}

// OAuth mode's tenants, composed: the directory on the bot's store (secrets sealed under
// VPSOPS_ENCRYPTION_KEY), the `connect` port the adapters use, and the hosting-API client that
// sends each request with its own tenant's key.
import { ConfigError, type BotStore } from '../core/index.js';
import { isApiError, type HostingApi } from '../api/index.js';
import type { AppConfig } from '../app-config.js';
import { createEnvelope, decodeMasterKey } from '../secrets/envelope.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantDirectory,
  type TenantRecord,
} from '../tenants/tenant-directory.js';
import { createTenantKeys, type TenantKeys } from '../tenants/tenant-keys.js';
import { tenantHostingApi } from '../tenants/tenant-api.js';

/** What OAuth mode adds to the app. */
export interface Tenancy {
  directory: TenantDirectory;
  keys: TenantKeys;
  /** The hosting API as every command sees it: the current tenant's key. */
  api: HostingApi;
  /** serve's hosting-API health probe: the API answers (a keyless read refused counts as an answer). */
  probe(): Promise<void>;
}

/** Whether the bot serves many tenants (Slack OAuth mode, Discord multi-guild mode). */
export const multiTenant = (config: AppConfig) =>
  config.slack.oauth !== undefined || config.discord.multiGuild === true;

/** The tenancy over the store; `clientFor` builds the hosting-API client of one key. */
export function openTenancy(
  config: AppConfig,
  store: BotStore,
  clientFor: (apiKey: string) => HostingApi,
): Tenancy {
  const masterKey = config.encryptionKey ? decodeMasterKey(config.encryptionKey) : null;
  if (!masterKey)
    throw new ConfigError('VPSOPS_ENCRYPTION_KEY must be set in Slack OAuth or Discord multi-guild mode');
  const directory = createTenantDirectory(
    store.collection<TenantRecord>(TENANTS_COLLECTION),
    createEnvelope(masterKey),
  );
  return {
    directory,
    keys: createTenantKeys({ directory, clientFor }),
    api: tenantHostingApi({ directory, clientFor }),
    // The bot has no key of its own: the probe reads without one, and a refusal proves the API is up.
    async probe() {
      try {
        await clientFor('').systems.list();
      } catch (error) {
        if (isApiError(error) && error.code === 'UNAUTHORIZED') return;
        throw error;
      }
    },
  };
}

// OAuth mode's tenants, composed: the directory on the bot's store (secrets sealed under
// VPSOPS_ENCRYPTION_KEY), the `connect` port the adapters use, and the hosting-API client that
// sends each request with its own tenant's key.
import {
  ConfigError,
  TENANT_STATE_COLLECTIONS,
  type AdapterLookups,
  type AuditLog,
  type BotStore,
  type Dispatcher,
  type TenantScope,
} from '../core/index.js';
import { isApiError, type HostingApi } from '../api/index.js';
import { CONFIG_FRAGMENTS, type AppConfig } from './config/app-config.js';
import type { Logger } from '../logger.js';
import { createEnvelope, decodeMasterKey, derivedSecret } from '../secrets/envelope.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantDirectory,
  type TenantRecord,
} from '../tenants/tenant-directory.js';
import { createTenantKeys } from '../tenants/tenant-keys.js';
import type { MemberFactsSource, TenantEvents, TenantKeys } from '../adapter-kit/tenant-ports.js';
import { tenantEvents } from '../tenants/tenant-events.js';
import { tenantPlaceOf } from './adapters.js';
import {
  createTenantRoles,
  gateWithTenantRoles,
  plateWithTenantRoles,
  withTenantRoles,
  type TenantRoleResolver,
} from '../tenants/tenant-roles.js';
import { tenantHostingApi } from '../tenants/tenant-api.js';
import { tenantScope } from '../tenants/scope.js';
import { tenantScopedAudit, tenantScopedStore } from '../tenants/tenant-store.js';
import { forgetTenantState } from '../tenants/forget-tenant.js';
import { KEY_CANARY_COLLECTION, keyCheck } from '../tenants/key-canary.js';
import { currentTenantSecrets, redactCurrentTenant } from '../tenants/tenant-secrets.js';
import { WATCH_COLLECTIONS } from '../watch/index.js';

/** What OAuth mode adds to the app. */
export interface Tenancy {
  directory: TenantDirectory;
  keys: TenantKeys;
  /** The hosting API as every command sees it: the current tenant's key. */
  api: HostingApi;
  /** serve's hosting-API health probe: the API answers (a keyless read refused counts as an answer). */
  probe(): Promise<void>;
  /** Whose request this is; background work acts as a record's tenant through it. */
  scope: TenantScope;
  /** The store as the current tenant sees it (src/tenants/tenant-store.ts). */
  store: BotStore;
  /** The audit trail likewise (records stamped, listed to their tenant only, its secrets redacted). */
  scopedAudit(audit: AuditLog): AuditLog;
  /** null when VPSOPS_ENCRYPTION_KEY opens the stored data (re-wrapping what a previous key wrapped), else /readyz's reason. */
  keyProblem(): Promise<string | null>;
  /** Audits installs and key changes (one record each, stamped with the tenant; never a key). */
  events: TenantEvents;
  /** Reads the current tenant's key and bot token for the redactors (src/tenants/tenant-secrets.ts). */
  readySecrets(): Promise<void>;
  /** Without a policy file, each request's actor gets the role the tenant's own policy grants. */
  roles: TenantRoleResolver;
  /** The store's short-lived state unscoped, for the adapters' handles (the store above scopes it). */
  sharedState: BotStore['ephemeral'];
  /** Signs Slack install states (derived from VPSOPS_ENCRYPTION_KEY, one per purpose). */
  installStateKey: Buffer;
  /** Uninstalled or token revoked: all its state and its installation go, its audit stays (src/tenants/forget-tenant.ts). */
  uninstall(tenantId: string): Promise<void>;
}

/** The bot token in a stored installation (Slack's shape), if any. */
function botTokenOf(installation: unknown): string | undefined {
  if (typeof installation !== 'object' || installation === null || !('bot' in installation)) return undefined;
  const bot = installation.bot;
  return typeof bot === 'object' && bot !== null && 'token' in bot && typeof bot.token === 'string'
    ? bot.token
    : undefined;
}

/** Every named collection a tenant's state is kept in (an uninstall empties them). */
const STATE_COLLECTIONS = [...TENANT_STATE_COLLECTIONS, ...Object.values(WATCH_COLLECTIONS)];

/** Whether the bot serves many tenants (Slack OAuth mode, Discord multi-guild mode). */
export const multiTenant = (config: AppConfig) =>
  CONFIG_FRAGMENTS.some((fragment) => fragment.tenancyIn?.(config).kind === 'many');

/**
 * What `adapter` is started with: the one place tenant roles are applied. An adapter serving many
 * tenants supplies its platform's facts (`memberFacts`); each request's actor, and the confirm gate's
 * clicker, then get the role their tenant's own policy grants before the core sees them.
 */
export function withTenantRolesFor(
  adapter: MemberFactsSource,
  roles: TenantRoleResolver | undefined,
  dispatcher: Dispatcher,
  lookups: AdapterLookups | undefined,
): { dispatcher: Dispatcher; lookups: AdapterLookups | undefined } {
  const facts = adapter.memberFacts;
  if (!roles || !facts) return { dispatcher, lookups };
  return {
    dispatcher: withTenantRoles(dispatcher, roles, facts),
    lookups: lookups && {
      ...lookups,
      gate: gateWithTenantRoles(lookups.gate, roles, facts),
      ...(lookups.plate ? { plate: plateWithTenantRoles(lookups.plate, roles, facts) } : {}),
    },
  };
}

/** The master key (VPSOPS_ENCRYPTION_KEY, required here) and the previous one while rotating. */
function masterKeys(config: AppConfig) {
  const masterKey = config.encryptionKey ? decodeMasterKey(config.encryptionKey) : null;
  if (!masterKey)
    throw new ConfigError('VPSOPS_ENCRYPTION_KEY must be set in Slack OAuth or Discord multi-guild mode');
  const previous = config.previousEncryptionKey ? decodeMasterKey(config.previousEncryptionKey) : null;
  return { masterKey, previous };
}

/** What the key check says in the log: data keys re-wrapped, and tenants no key opens. */
function rewrapLogging(logger: Logger | undefined) {
  return {
    onRewrapped: (count: number) =>
      logger?.info({ count }, 'data keys re-wrapped under the new VPSOPS_ENCRYPTION_KEY'),
    onUnreadable: (tenants: string[]) =>
      logger?.error(
        { count: tenants.length, tenants },
        'data keys no VPSOPS_ENCRYPTION_KEY opens: these tenants were not re-wrapped and must reconnect',
      ),
  };
}

/** The bot has no key of its own: the probe reads without one, and a refusal proves the API is up. */
async function probeWithoutKey(clientFor: (apiKey: string) => HostingApi): Promise<void> {
  try {
    await clientFor('').systems.list();
  } catch (error) {
    if (isApiError(error) && error.code === 'UNAUTHORIZED') return;
    throw error;
  }
}

/** The tenancy over the store; `clientFor` builds the hosting-API client of one key. */
export function openTenancy(
  config: AppConfig,
  store: BotStore,
  clientFor: (apiKey: string) => HostingApi,
  options: { fileInForce?: () => boolean; logger?: Logger; audit?: AuditLog } = {},
): Tenancy {
  const { masterKey, previous } = masterKeys(config);
  const envelope = createEnvelope(masterKey, previous ? [previous] : []);
  const tenants = store.collection<TenantRecord>(TENANTS_COLLECTION);
  const directory = createTenantDirectory(tenants, envelope);
  const checkKey = keyCheck({
    canaries: store.collection(KEY_CANARY_COLLECTION),
    tenants,
    directory,
    envelope,
    rotating: previous !== null,
    ...rewrapLogging(options.logger),
  });
  let mismatchLogged = false;
  const scope = tenantScope(
    async (id) => {
      const botToken = botTokenOf(await directory.installation(id));
      return botToken ? { id, botToken } : { id };
    },
    derivedSecret(masterKey, 'metrics-tenant-label'),
  );
  const readySecrets = currentTenantSecrets(async (id) => [
    await directory.apiKey(id),
    botTokenOf(await directory.installation(id)),
  ]);
  const scopedStore = tenantScopedStore(store, scope, { ready: readySecrets, redact: redactCurrentTenant });
  const events = tenantEvents(options.audit ?? { write: async () => undefined }, {
    onFailure: (error) => options.logger?.warn({ err: error }, 'a tenant event could not be audited'),
  });
  const keys = createTenantKeys({ directory, clientFor, events });
  return {
    scope,
    store: scopedStore,
    sharedState: store.ephemeral,
    installStateKey: derivedSecret(masterKey, 'slack-install-state'),
    scopedAudit: (audit) =>
      tenantScopedAudit(audit, scope, { ready: readySecrets, redact: redactCurrentTenant }),
    readySecrets,
    events,
    async keyProblem() {
      const problem = await checkKey();
      if (problem && !mismatchLogged) options.logger?.error({}, problem);
      mismatchLogged ||= problem !== null;
      return problem;
    },
    async uninstall(tenantId) {
      await scope.run(tenantId, () => forgetTenantState(scopedStore, STATE_COLLECTIONS));
      await directory.forget(tenantId);
    },
    directory,
    keys,
    roles: createTenantRoles({
      store: scopedStore,
      keys,
      fileInForce: options.fileInForce ?? (() => false),
      placeOf: tenantPlaceOf,
      ...(options.logger ? { logger: options.logger } : {}),
    }),
    api: tenantHostingApi({ directory, clientFor }),
    probe: () => probeWithoutKey(clientFor),
  };
}

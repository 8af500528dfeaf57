// Tenants (a Slack workspace, a Discord guild) of a bot installed in many of them, kept in one
// collection of the bot's store. Every secret a tenant has — its installation (bot token) and its
// linked hosting API key — is sealed with the tenant's own data key (src/secrets/envelope.ts);
// records hold ciphertext only, plus the key's last 4 characters to show which key is linked.
import type { RecordCollection } from '../core/kit/index.js';
import type { Envelope } from '../secrets/envelope.js';

/** The store collection holding tenants (see COLLECTIONS in src/core/store.ts). */
export const TENANTS_COLLECTION = 'tenants';

/** One tenant as stored: secrets only sealed. */
export interface TenantRecord {
  /** "<platform>:<team or guild id>", e.g. "slack:T0123". */
  id: string;
  /** The tenant's data key, wrapped by VPSOPS_ENCRYPTION_KEY. */
  dataKey: string;
  /** The platform's installation (JSON with the bot token), sealed. */
  installation?: string;
  /** User id of whoever installed the app. */
  installer?: string;
  installedAt?: number;
  /** The linked hosting API key, sealed; with its last 4 characters, who linked it and when. */
  apiKey?: string;
  apiKeyLast4?: string;
  apiKeyLinkedBy?: string;
  apiKeyLinkedAt?: number;
}

/** What may be shown about a tenant: never a secret, the key only as its last 4 characters. */
export interface TenantSummary {
  id: string;
  installer?: string;
  installedAt?: number;
  /** "…WXYZ" when a hosting API key is linked. */
  apiKeyHint?: string;
  apiKeyLinkedBy?: string;
}

/** The tenants of the bot, over its store. */
export interface TenantDirectory {
  /** Stores (or replaces, on a reinstall) the platform's installation, keeping a linked key. */
  saveInstallation(
    tenantId: string,
    installation: unknown,
    installer: string | undefined,
    at: number,
  ): Promise<void>;
  /** The installation as the platform gave it; null when not installed. */
  installation(tenantId: string): Promise<unknown>;
  /** Links (or rotates) the tenant's hosting API key. */
  linkApiKey(tenantId: string, apiKey: string, by: string, at: number): Promise<void>;
  /** Removes the linked key; false when none was linked. */
  unlinkApiKey(tenantId: string): Promise<boolean>;
  /** The linked key in clear, for the API client only; null when none. */
  apiKey(tenantId: string): Promise<string | null>;
  summary(tenantId: string): Promise<TenantSummary | null>;
  /** Forgets the tenant: installation, key and data key (uninstalled, tokens revoked). */
  forget(tenantId: string): Promise<void>;
  /** Removes `installer`'s installer mark from the tenant (they deauthorized the app); false when it was not theirs. */
  clearInstaller(tenantId: string, installer: string): Promise<boolean>;
  /**
   * Re-wraps, under the current master key, every data key a previous one wrapped (rotation): how
   * many moved, and the tenants no configured key opens (left as they are; the others still move).
   */
  rewrapAll(): Promise<{ moved: number; unreadable: string[] }>;
  /** Ids of the tenants `installer` installed (a scan: only for rare events such as a deauthorization). */
  installedBy(installer: string): Promise<string[]>;
}

/** The last 4 characters of a key, as shown to people. */
export const keyHint = (apiKey: string) => `…${apiKey.slice(-4)}`;

/** What may be shown of a tenant: no secret, the key by its last 4 characters. */
function summaryOf(record: TenantRecord) {
  return {
    id: record.id,
    ...(record.installer ? { installer: record.installer } : {}),
    ...(record.installedAt !== undefined ? { installedAt: record.installedAt } : {}),
    ...(record.apiKeyLast4 ? { apiKeyHint: `…${record.apiKeyLast4}` } : {}),
    ...(record.apiKeyLinkedBy ? { apiKeyLinkedBy: record.apiKeyLinkedBy } : {}),
  };
}

/** Re-wraps every data key a previous master key wrapped; the ones no key opens are left and named. */
async function rewrapAll(
  records: RecordCollection<TenantRecord>,
  envelope: Envelope,
): Promise<{ moved: number; unreadable: string[] }> {
  let moved = 0;
  const unreadable: string[] = [];
  for (const record of await records.list()) {
    let dataKey: string | null;
    try {
      dataKey = envelope.rewrap(record.id, record.dataKey);
    } catch {
      unreadable.push(record.id);
      continue;
    }
    if (dataKey === null) continue;
    await records.put(record.id, { ...record, dataKey });
    moved += 1;
  }
  return { moved, unreadable };
}

/** The directory over a store collection and the envelope. */
export function createTenantDirectory(
  records: RecordCollection<TenantRecord>,
  envelope: Envelope,
): TenantDirectory {
  const recordOf = async (tenantId: string): Promise<TenantRecord> =>
    (await records.get(tenantId)) ?? { id: tenantId, dataKey: envelope.newDataKey(tenantId) };
  const open = (record: TenantRecord, sealed: string) => envelope.open(record.id, record.dataKey, sealed);

  return {
    async saveInstallation(tenantId, installation, installer, at) {
      const record = await recordOf(tenantId);
      await records.put(tenantId, {
        ...record,
        installation: envelope.seal(tenantId, record.dataKey, JSON.stringify(installation)),
        ...(installer ? { installer } : {}),
        installedAt: at,
      });
    },
    async installation(tenantId) {
      const record = await records.get(tenantId);
      return record?.installation ? (JSON.parse(open(record, record.installation)) as unknown) : null;
    },
    async linkApiKey(tenantId, apiKey, by, at) {
      const record = await recordOf(tenantId);
      await records.put(tenantId, {
        ...record,
        apiKey: envelope.seal(tenantId, record.dataKey, apiKey),
        apiKeyLast4: apiKey.slice(-4),
        apiKeyLinkedBy: by,
        apiKeyLinkedAt: at,
      });
    },
    async unlinkApiKey(tenantId) {
      const record = await records.get(tenantId);
      if (!record?.apiKey) return false;
      const { apiKey: _key, apiKeyLast4: _last4, apiKeyLinkedBy: _by, apiKeyLinkedAt: _at, ...rest } = record;
      await records.put(tenantId, rest);
      return true;
    },
    async apiKey(tenantId) {
      const record = await records.get(tenantId);
      return record?.apiKey ? open(record, record.apiKey) : null;
    },
    async summary(tenantId) {
      const record = await records.get(tenantId);
      return record ? summaryOf(record) : null;
    },
    forget: (tenantId) => records.delete(tenantId),
    rewrapAll: () => rewrapAll(records, envelope),
    async clearInstaller(tenantId, installer) {
      const record = await records.get(tenantId);
      if (record?.installer !== installer) return false;
      const { installer: _installer, ...rest } = record;
      await records.put(tenantId, rest);
      return true;
    },
    installedBy: async (installer) =>
      (await records.list()).filter((record) => record.installer === installer).map((record) => record.id),
  };
}

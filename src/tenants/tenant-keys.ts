// Linking a tenant's hosting API key (`connect` / `disconnect`): a key is checked with one read
// call before it is stored; the adapters see only this port — never the API client, never a
// stored key (only its last 4 characters).
import { isApiError, type HostingApi } from '../api/index.js';
import { t, type MessageKey } from '../core/index.js';
import type { TenantDirectory } from './tenant-directory.js';
import { forgetTenantSecrets } from './tenant-secrets.js';
import type { TenantEvents, TenantKeys } from '../adapter-kit/tenant-ports.js';

/** Why a key check failed, for the person typing it (never the key itself). */
function reasonFor(error: unknown): MessageKey & `tenant.key.${string}` {
  if (!isApiError(error)) return 'tenant.key.unchecked';
  switch (error.code) {
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return 'tenant.key.refused';
    case 'TIMEOUT':
    case 'NETWORK':
    case 'UPSTREAM_ERROR':
    case 'RATE_LIMITED':
      return 'tenant.key.unavailable';
    default:
      return 'tenant.key.notAccepted';
  }
}

/** The port over the directory; `clientFor` builds a hosting-API client for one key. */
export function createTenantKeys(options: {
  directory: TenantDirectory;
  clientFor: (apiKey: string) => HostingApi;
  /** Every link, rotation, unlink and refused attempt is audited (the key's last 4 characters at most). */
  events?: TenantEvents;
  now?: () => number;
}): TenantKeys {
  const { directory, clientFor } = options;
  const now = options.now ?? Date.now;
  const audit: TenantEvents = options.events ?? (async () => undefined);
  const refuse = (tenantId: string, by: string, command: string, reason: string) =>
    audit({ tenantId, by, command, args: { reason }, summary: `refused: ${reason}`, refused: true });
  return {
    linkedKeyHint: async (tenantId) => (await directory.summary(tenantId))?.apiKeyHint ?? null,
    installer: async (tenantId) => (await directory.summary(tenantId))?.installer ?? null,
    async link(tenantId, apiKey, by, locale = 'en') {
      const key = apiKey.trim();
      if (key.length < 8) {
        await refuse(tenantId, by, 'connect', 'tooShort');
        return { linked: false, reason: t(locale, 'tenant.key.tooShort') };
      }
      try {
        // A catalogue read: every valid key may make it, and it changes nothing.
        await clientFor(key).systems.list();
      } catch (error) {
        const reason = reasonFor(error);
        await refuse(tenantId, by, 'connect', reason.slice('tenant.key.'.length));
        return { linked: false, reason: t(locale, reason) };
      }
      const before = (await directory.summary(tenantId))?.apiKeyHint;
      await directory.linkApiKey(tenantId, key, by, now());
      forgetTenantSecrets(tenantId);
      const hint = `…${key.slice(-4)}`;
      await audit({
        tenantId,
        by,
        command: 'connect',
        args: { key: hint, ...(before ? { replaced: before } : {}) },
        summary: before ? `rotated ${before} → ${hint}` : `linked ${hint}`,
      });
      return { linked: true, hint };
    },
    async unlink(tenantId, by) {
      const before = (await directory.summary(tenantId))?.apiKeyHint;
      const unlinked = await directory.unlinkApiKey(tenantId);
      forgetTenantSecrets(tenantId);
      if (unlinked)
        await audit({
          tenantId,
          by,
          command: 'disconnect',
          args: { key: before ?? '' },
          summary: `unlinked ${before ?? ''}`,
        });
      return unlinked;
    },
    refused: (tenantId, by, command, reason) => refuse(tenantId, by, command, reason),
  };
}

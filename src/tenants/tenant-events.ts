// What happens to a tenant outside its commands — an install or re-install, a key linked, rotated,
// unlinked or refused — written to the audit trail as one record each, stamped with the tenant and
// never holding a key (at most its last 4 characters).
import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../core/index.js';
import type { TenantEvents } from '../adapter-kit/tenant-ports.js';

/** The events writer over the (unscoped) audit trail. */
export function tenantEvents(
  audit: Pick<AuditLog, 'write'>,
  options: { now?: () => number; onFailure?: (error: unknown) => void } = {},
): TenantEvents {
  const now = options.now ?? Date.now;
  return async (event) => {
    const split = event.by.indexOf(':');
    const platform = split > 0 ? event.by.slice(0, split) : (event.tenantId.split(':')[0] ?? '');
    const userId = split > 0 ? event.by.slice(split + 1) : event.by;
    try {
      await audit.write({
        time: new Date(now()).toISOString(),
        invocationId: `tenant-${randomUUID()}`,
        platform,
        userId,
        displayName: userId,
        channelId: '',
        command: event.command,
        args: event.args ?? {},
        decision: event.refused ? 'denied' : 'allowed',
        result: event.refused ? 'error' : 'ok',
        durationMs: 0,
        ...(event.summary ? { summary: event.summary } : {}),
        tenant: event.tenantId,
      });
    } catch (error) {
      options.onFailure?.(error);
    }
  };
}

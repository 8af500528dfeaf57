// Each tenant's own secrets (its hosting API key, its bot token) redacted like the process's: in
// every reply, log line and audit record made while that tenant's request (or background work) runs,
// in every encoding the redactor knows. The secrets are learned from the tenant directory as the
// tenant's work writes; log lines redact with what was learned (a log line cannot wait).
import { createRedactor, type Redactor } from '../api/redact.js';
import { withDeadline } from '../core/index.js';
import { currentTenant } from '../adapter-kit/tenant-context.js';

/** A tenant's secrets are read again when this old: a key rotated on another replica is redacted from then on. */
const RELOAD_MS = 2_000;
/** Reading the secrets never holds up a reply or an audit record longer than this. */
const READ_BUDGET_MS = 500;

interface Known {
  values: string;
  redact: Redactor;
  readAt: number;
}

/** Per process, like the tenant scope itself: every redactor (logger, replies, audit) reads it. */
const known = new Map<string, Known>();

/** Replaces the current tenant's secrets (as last learned) in `text`; unchanged outside a tenant. */
export const redactCurrentTenant: Redactor = (text) => {
  const tenant = currentTenant()?.id;
  const secrets = tenant ? known.get(tenant) : undefined;
  return secrets ? secrets.redact(text) : text;
};

/** Records `secrets` as the tenant's (a key just linked, a token just installed): redacted from now on. */
export function rememberTenantSecrets(
  tenantId: string,
  secrets: readonly (string | null | undefined)[],
): void {
  const list = secrets.filter((s): s is string => typeof s === 'string' && s.length > 0);
  const values = JSON.stringify(list);
  const before = known.get(tenantId);
  if (before?.values === values) {
    before.readAt = Date.now();
    return;
  }
  known.set(tenantId, { values, redact: createRedactor(list), readAt: Date.now() });
}

/** Read the tenant's secrets again, waited for, at its next write (its key was linked, rotated or unlinked here). */
export function forgetTenantSecrets(tenantId: string): void {
  known.delete(tenantId);
}

/**
 * The loader of the current tenant's secrets (`read` gives a tenant's key and token); failures keep
 * what is known. A tenant's first reply in this process, and each one after RELOAD_MS, waits for the
 * read, at most READ_BUDGET_MS; after a read that failed or timed out (a frozen store) replies stop
 * waiting and the refresh runs beside them, until a read succeeds again.
 */
export function currentTenantSecrets(
  read: (tenantId: string) => Promise<(string | null | undefined)[]>,
): () => Promise<void> {
  const reading = new Map<string, Promise<void>>();
  const failing = new Set<string>();
  const reload = (tenant: string): Promise<void> => {
    const running = reading.get(tenant);
    if (running) return running;
    const next = withDeadline(read(tenant), READ_BUDGET_MS)
      .then((secrets) => {
        failing.delete(tenant);
        rememberTenantSecrets(tenant, secrets);
      })
      // The store is slow or the record unreadable: redact with what is known.
      .catch(() => void failing.add(tenant))
      .finally(() => reading.delete(tenant));
    reading.set(tenant, next);
    return next;
  };
  return async () => {
    const tenant = currentTenant()?.id;
    if (!tenant) return;
    const before = known.get(tenant);
    if (!before) return reload(tenant);
    if (Date.now() - before.readAt < RELOAD_MS) return;
    const next = reload(tenant);
    if (!failing.has(tenant)) await next;
  };
}

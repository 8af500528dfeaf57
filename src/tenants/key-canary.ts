// Does VPSOPS_ENCRYPTION_KEY open what is stored? A canary — a data key wrapped by the master key,
// kept beside the tenants — is unwrapped before the bot counts as ready; a store written before the
// canary existed is checked on one tenant's data key instead. A mismatch is /readyz's reason, in
// the words operators search for. While rotating (VPSOPS_ENCRYPTION_KEY_PREVIOUS), what the previous
// key wrapped is re-wrapped under the current one here, once per process; otherwise no tenant is
// read at start (with 10,000 tenants, the start must not open them all).
import type { RecordCollection } from '../core/kit/index.js';
import type { Envelope } from '../secrets/envelope.js';
import type { TenantDirectory, TenantRecord } from './tenant-directory.js';

/** The collection of the canary (one record, never a tenant's). */
export const KEY_CANARY_COLLECTION = 'encryption-canary';
/** /readyz's reason when the master key opens nothing stored. */
export const KEY_MISMATCH = 'VPSOPS_ENCRYPTION_KEY does not match the stored data';

const CANARY = 'canary';
/** The id the canary's data key is bound to (no tenant has it). */
const CANARY_ID = `${KEY_CANARY_COLLECTION}:${CANARY}`;

/** What the check reads and writes. */
export interface KeyCheckDeps {
  canaries: RecordCollection<{ wrapped: string }>;
  tenants: RecordCollection<TenantRecord>;
  directory: Pick<TenantDirectory, 'rewrapAll'>;
  envelope: Envelope;
  /** A previous key is configured: data keys it wrapped are re-wrapped (every tenant is read). */
  rotating: boolean;
  /** Told once per process how many data keys a rotation moved. */
  onRewrapped?: (count: number) => void;
  /** Told once per process which tenants' data keys no configured key opens (never re-wrapped). */
  onUnreadable?: (tenantIds: string[]) => void;
}

/** The check: null when the key matches (then cached for the process), else KEY_MISMATCH. */
export function keyCheck(deps: KeyCheckDeps): () => Promise<string | null> {
  let matched = false;
  const rewrapped = (id: string, wrapped: string): string | null | false => {
    try {
      return deps.envelope.rewrap(id, wrapped);
    } catch {
      return false;
    }
  };
  return async () => {
    if (matched) return null;
    const canary = await deps.canaries.get(CANARY);
    const probe = canary
      ? { id: CANARY_ID, wrapped: canary.wrapped }
      : (await deps.tenants.list()).map((record) => ({ id: record.id, wrapped: record.dataKey }))[0];
    const opened = probe ? rewrapped(probe.id, probe.wrapped) : null;
    if (opened === false) return KEY_MISMATCH;
    if (deps.rotating) {
      const { moved, unreadable } = await deps.directory.rewrapAll();
      if (moved > 0) deps.onRewrapped?.(moved);
      if (unreadable.length > 0) deps.onUnreadable?.(unreadable);
    }
    // A first canary, or the one a previous key wrapped, now under the current key.
    if (!canary) await deps.canaries.put(CANARY, { wrapped: deps.envelope.newDataKey(CANARY_ID) });
    else if (opened) await deps.canaries.put(CANARY, { wrapped: opened });
    matched = true;
    return null;
  };
}

// A token the store calls pending may have been answered already: a store restarted from an old
// snapshot re-arms it. The audit trail keeps every answer, so it has the last word.
import type { AuditLog } from '../audit/audit.js';
import type { PendingConfirmation, PendingResolution } from '../store.js';

/** The confirmation as used, per the audit trail's answer to its invocation; null when the trail has none. */
export async function answeredInAudit(
  audit: Pick<AuditLog, 'answered'>,
  pending: PendingConfirmation,
): Promise<PendingConfirmation | null> {
  const record = await audit.answered(pending.invocationId);
  if (!record) return null;
  const used: PendingConfirmation = {
    ...pending,
    status: 'used',
    resolution: record.confirmation as PendingResolution,
    usedAt: Date.parse(record.time),
  };
  if (record.confirmedBy) used.usedBy = record.confirmedBy;
  return used;
}

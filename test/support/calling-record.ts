// A write-ahead `calling` audit record: a confirmed call whose outcome was never written (the
// process died mid-call), as the interrupted-call tests plant them.
import type { AuditRecord } from '../../src/core/command.js';

/** An open `calling` record for `callId`; `extra` overrides any field (time, replica, cardRef…). */
export function callingRecord(callId: string, extra: Partial<AuditRecord> = {}): AuditRecord {
  return {
    time: new Date(Date.now() - 5_000).toISOString(),
    invocationId: `inv-${callId}`,
    platform: 'slack',
    userId: 'U034OPS',
    displayName: 'alice',
    channelId: 'C1',
    command: 'instance stop',
    args: {},
    decision: 'allowed',
    confirmation: 'confirmed',
    confirmedBy: 'slack:U034OPS',
    result: 'calling',
    durationMs: 0,
    callId,
    replica: 'other-replica',
    ...extra,
  };
}

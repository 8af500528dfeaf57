// The audit record of a confirmed click, written once its call returned. For a call that went ahead
// (a write-ahead `calling` record exists) its outcome is first kept in the store, so should the
// audit write be lost the interrupted-call closer finds what happened instead of calling it
// unknown; it is dropped once the audit has it. When the store is down for both, the outcome is
// kept in this process and replayed once the store is back (write-replay.ts), and the closer leaves
// that call alone meanwhile: an outcome the bot learned is never rewritten as unknown.
import { closeRecord, type OpenRecord } from '../audit/audit-record.js';
import type { Runtime } from '../context.js';
import { COLLECTIONS, type CallOutcome } from '../store.js';
import { SINGLE_TENANT } from '../tenant-port.js';

/** The replay key of a call's outcome (the interrupted-call closer asks for it). */
export const outcomeReplayKey = (callId: string): string => `call-outcome:${callId}`;

/** Writes the record of a settled click; see the file comment for a call that went ahead. */
export async function closeConfirmedRecord(rt: Runtime, audit: OpenRecord): Promise<void> {
  const { record } = audit;
  const outcomes = rt.store.collection<CallOutcome>(COLLECTIONS.callOutcomes);
  const callId = record.callId;
  const result = record.result === 'ok' || record.result === 'unknown' ? record.result : 'error';
  const outcome: CallOutcome | undefined = callId
    ? {
        callId,
        result,
        ...(record.errorId ? { errorId: record.errorId } : {}),
        ...(record.summary ? { summary: record.summary } : {}),
      }
    : undefined;
  const kept =
    outcome !== undefined &&
    (await outcomes.put(outcome.callId, outcome).then(
      () => true,
      () => false,
    ));
  const written = await closeRecord(audit, rt);
  if (kept && written && callId) await outcomes.delete(callId).catch(() => undefined);
  if (written || !callId) return;
  // Neither the audit nor (perhaps) the store has it: replay the audit record once the store is back.
  const final = { ...record };
  const tenants = rt.tenants ?? SINGLE_TENANT;
  const tenant = tenants.current();
  rt.replay.keep(outcomeReplayKey(callId), () =>
    tenants.run(tenant, async () => {
      await rt.audit.write(final);
      await outcomes.delete(callId).catch(() => undefined);
    }),
  );
}

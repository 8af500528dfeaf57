// At start: closes write-ahead `calling` audit records a dead process left behind as `unknown`
// (interrupted), and edits their cards to say the outcome is unknown, with the buttons gone.
// Only records older than a bound no live replica can still be working within are closed.
import type { Logger } from '../logger.js';
import type { AuditLog } from './audit.js';
import type { MessageRef, Responder } from './ports.js';
import { interruptedCard } from './unknown-outcome.js';

/** What closing interrupted calls needs. */
export interface InterruptedDeps {
  audit: AuditLog;
  logger: Logger;
  now: () => Date;
  /** Records younger than this may belong to a live replica still waiting on the API. */
  olderThanMs: number;
  /** This process's replica id, written on the closing records. */
  replica: string;
}

/** Closes every interrupted call; resolves with how many were closed. Never throws. */
export async function closeInterrupted(
  deps: InterruptedDeps,
  responderFor: (ref: MessageRef) => Responder | null,
): Promise<number> {
  const at = deps.now();
  let records;
  try {
    records = await deps.audit.unfinished(at.getTime() - deps.olderThanMs);
  } catch (error) {
    deps.logger.warn({ err: error }, 'reading the audit log for interrupted calls failed');
    return 0;
  }
  for (const record of records) {
    await deps.audit
      .write({
        ...record,
        time: at.toISOString(),
        result: 'unknown',
        interrupted: true,
        errorId: 'interrupted',
        summary: 'interrupted: the bot stopped before the hosting API answered',
        replica: deps.replica,
        durationMs: 0,
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'audit write failed'));
    const responder = record.cardRef ? responderFor(record.cardRef) : null;
    if (record.cardRef && responder) {
      await responder
        .update(record.cardRef, interruptedCard(record))
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'editing an interrupted card failed'));
    }
    deps.logger.warn(
      { command: record.command, callId: record.callId, replica: record.replica },
      'confirmed call interrupted by a restart: outcome unknown',
    );
  }
  return records.length;
}

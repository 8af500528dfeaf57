// Write-ahead audit of a confirmed call: the `calling` record is appended before the hosting API
// is asked, so a process killed before the answer leaves a trace the next start can close.
import { randomUUID } from 'node:crypto';
import type { Message } from '../../render/message.js';
import { REPLICA_ID } from '../audit/audit.js';
import type { AuditRecord, UnknownOutcomeHint } from '../command.js';
import type { Runtime } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/**
 * Writes the `calling` record before the API is asked (its outcome follows under the same callId);
 * false when the audit log cannot be written, and then nothing is called.
 */
export async function writeAhead(
  rt: Runtime,
  record: AuditRecord,
  pending: PendingConfirmation,
  hint: UnknownOutcomeHint | undefined,
): Promise<boolean> {
  record.callId = randomUUID();
  record.replica = REPLICA_ID;
  if (pending.cardRef) record.cardRef = pending.cardRef;
  if (hint)
    record.verify = hint.command ? { check: hint.check, command: hint.command } : { check: hint.check };
  try {
    await rt.audit.write({ ...record, result: 'calling' });
    return true;
  } catch (error) {
    rt.logger.error({ err: error, command: record.command }, 'audit write-ahead failed; call not made');
    return false;
  }
}

/** The card when the write-ahead record could not be written (and so nothing was called). */
export function auditUnavailable(locale: Locale = DEFAULT_LOCALE): Message {
  const line = t(locale, 'click.auditUnavailable');
  return {
    title: t(locale, 'click.notDone'),
    tone: 'error',
    blocks: [{ type: 'text', text: line }],
    summary: line,
  };
}

// The audit record as stored: a declaration only, so the command model can name it.
import type { MessageRef } from './ports.js';
import type { CatalogueText } from '../i18n/translate.js';

/** One audit line (JSON lines, append-only). */
export interface AuditRecord {
  time: string;
  invocationId: string;
  platform: string;
  userId: string;
  displayName: string;
  channelId: string;
  command: string;
  args: Record<string, unknown>;
  decision: 'allowed' | 'denied' | 'invalid';
  confirmation?: 'not-needed' | 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'refused';
  confirmedBy?: string;
  /**
   * `calling`: written ahead of a confirmed call, before the API is asked (a later record with the
   * same callId has the outcome). `unknown`: the call may or may not have happened.
   */
  result: 'ok' | 'error' | 'pending' | 'cancelled' | 'calling' | 'unknown';
  errorId?: string;
  apiStatus?: number;
  durationMs: number;
  summary?: string;
  /** Links a write-ahead `calling` record to the record of its outcome. */
  callId?: string;
  /** Random id of the process that made the call (several replicas may share one audit trail). */
  replica?: string;
  /** The confirmation card, so a restart can edit it if the call was interrupted. */
  cardRef?: MessageRef;
  /** What to check when the outcome is unknown (kept with the `calling` record for a restart). */
  verify?: { check: string | CatalogueText; command?: string };
  /** Set on the record that closes a `calling` record a dead process left behind. */
  interrupted?: true;
  /** The tenant it happened in (OAuth mode): listed to that tenant only. */
  tenant?: string;
}

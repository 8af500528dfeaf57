// The audit record both runners (dispatch and act) keep: started when the event arrives, filled in
// as the runner learns more, and written exactly once with API status and duration at the end.
import { performance } from 'node:perf_hooks';
import type { Logger } from '../logger.js';
import { summariseCalls, type ApiCallEvent } from './api-calls.js';
import type { AuditLog } from './audit.js';
import type { CoreMetrics } from './metrics-port.js';
import type { Registry } from './registry.js';
import type { Actor, MessageRef, Platform } from './ports.js';

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
  verify?: { check: string; command?: string };
  /** Set on the record that closes a `calling` record a dead process left behind. */
  interrupted?: true;
}

/** An audit record in progress plus what finishing it needs. */
export interface OpenRecord {
  record: AuditRecord;
  /** Hosting-API calls made while handling the event (filled by the ApiCallRecorder scope). */
  calls: ApiCallEvent[];
  started: number;
}

/** Starts the record of one invocation or confirmation action: undecided and failed until proven otherwise. */
export function openRecord(
  time: Date,
  event: { id: string; platform: Platform; actor: Actor; channelId: string },
  command: string,
  extra: Partial<AuditRecord> = {},
): OpenRecord {
  const record: AuditRecord = {
    time: time.toISOString(),
    invocationId: event.id,
    platform: event.platform,
    userId: event.actor.userId,
    displayName: event.actor.displayName,
    channelId: event.channelId,
    command,
    args: {},
    decision: 'invalid',
    result: 'error',
    durationMs: 0,
    ...extra,
  };
  return { record, calls: [], started: performance.now() };
}

/** The metrics outcome: why it was refused (denied, invalid), else how it ended. */
function outcomeOf(record: AuditRecord): string {
  return record.decision === 'allowed' ? record.result : record.decision;
}

/**
 * Adds API status and duration, counts it, and appends the record; a failed write is logged, never
 * thrown. Resolves true when the record was written.
 */
export async function closeRecord(
  open: OpenRecord,
  deps: { audit: AuditLog; logger: Logger; metrics?: CoreMetrics; registry?: Pick<Registry, 'byPath'> },
): Promise<boolean> {
  const { record, calls, started } = open;
  const { apiStatus } = summariseCalls(calls);
  if (apiStatus !== undefined) record.apiStatus = apiStatus;
  record.durationMs = Math.round(performance.now() - started);
  // An unknown command is the user's own words: the label says "unknown", never the text.
  const command = deps.registry?.byPath(record.command) ? record.command : 'unknown';
  deps.metrics?.commandDone(command, record.platform as Platform, outcomeOf(record));
  return deps.audit.write(record).then(
    () => true,
    (error: unknown) => {
      deps.logger.error({ err: error }, 'audit write failed');
      return false;
    },
  );
}

// The audit record both runners (dispatch and act) keep: started when the event arrives, filled in
// as the runner learns more, and written exactly once with API status and duration at the end.
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../logger.js';
import { summariseCalls, type ApiCallEvent } from './api-calls.js';
import type { AuditLog } from './audit.js';
import type { CoreMetrics } from '../metrics-port.js';
import type { Registry } from '../parse/registry.js';
import type { Actor, Platform } from '../ports.js';
import type { AuditRecord } from '../audit-types.js';
import type { TenantScope } from '../tenant-port.js';

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
  deps: {
    audit: AuditLog;
    logger: Logger;
    metrics?: CoreMetrics;
    registry?: Pick<Registry, 'byPath'>;
    tenants?: TenantScope;
  },
): Promise<boolean> {
  const { record, calls, started } = open;
  const { apiStatus } = summariseCalls(calls);
  if (apiStatus !== undefined) record.apiStatus = apiStatus;
  record.durationMs = Math.round(performance.now() - started);
  // An unknown command is the user's own words: the label says "unknown", never the text.
  const command = deps.registry?.byPath(record.command) ? record.command : 'unknown';
  deps.metrics?.commandDone(command, record.platform as Platform, outcomeOf(record));
  const tenant = deps.tenants?.current();
  const label = tenant ? deps.tenants?.label?.(tenant) : undefined;
  if (label)
    deps.metrics?.tenantCommand?.(label, record.errorId === 'rate-limited' ? 'rate_limited' : 'done');
  return deps.audit.write(record).then(
    () => true,
    (error: unknown) => {
      deps.logger.error({ err: error }, 'audit write failed');
      return false;
    },
  );
}

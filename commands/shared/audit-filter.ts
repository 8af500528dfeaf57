// Which audit records `audit` shows: filters by actor, instance, command, age and outcome, the
// "changes only" view chat channels default to, and paging. Pure functions over AuditRecords.
import { type AuditRecord, UserError } from '../../src/core/index.js';

/** The filters `audit` accepts (all optional). */
export interface AuditFilter {
  actor?: string;
  instance?: string;
  command?: string;
  /** Epoch ms: only records at or after it. */
  sinceMs?: number;
  outcome?: string;
  changesOnly: boolean;
}

const CHANGE_CONFIRMATIONS = new Set(['pending', 'confirmed', 'cancelled', 'expired', 'refused']);

/**
 * Whether a record is about changing something: it went through a confirmation, or the command
 * reported an outcome summary (reads do not). Denied or mistyped reads are left out too.
 */
export function isChange(record: AuditRecord): boolean {
  return (
    (record.confirmation !== undefined && CHANGE_CONFIRMATIONS.has(record.confirmation)) ||
    Boolean(record.summary)
  );
}

/** "30m", "2h", "3d", "1w" or an ISO date → epoch ms; a clear usage error otherwise. */
export function parseSince(text: string, now: Date): number {
  const relative = /^(\d{1,5})\s*(m|h|d|w)$/i.exec(text.trim());
  if (relative) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[
      (relative[2] ?? 'm').toLowerCase() as 'm' | 'h' | 'd' | 'w'
    ];
    return now.getTime() - Number(relative[1]) * unit;
  }
  const date = Date.parse(text);
  if (/^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(date)) return date;
  throw new UserError(
    'invalid-argument',
    `--since takes an age like 30m, 2h, 3d or 1w, or a date like 2026-11-20; got \`${text.slice(0, 40)}\`.`,
  );
}

/** Whether a record passes the filter; `target` and `outcome` are what the timeline shows for it. */
export function matches(
  record: AuditRecord,
  filter: AuditFilter,
  shown: { target: string; outcome: string },
): boolean {
  const has = (value: string, wanted: string) => value.toLowerCase().includes(wanted.toLowerCase());
  if (filter.changesOnly && !isChange(record)) return false;
  if (filter.sinceMs !== undefined && !(Date.parse(record.time) >= filter.sinceMs)) return false;
  if (filter.command && !record.command.toLowerCase().startsWith(filter.command.toLowerCase())) return false;
  if (filter.outcome && !shown.outcome.toLowerCase().startsWith(filter.outcome.toLowerCase())) return false;
  if (filter.actor) {
    const who = [record.displayName, record.userId, `${record.platform}:${record.userId}`];
    if (!who.some((w) => w && has(w, filter.actor!.replace(/^@/, '')))) return false;
  }
  if (filter.instance) {
    const args = JSON.stringify(record.args ?? {});
    if (!has(shown.target, filter.instance) && !has(args, filter.instance)) return false;
  }
  return true;
}

// What was last done to a server through the bot, from the audit trail, for an alert: "instance
// stop by oscar, approved by U0ADA at 14:02 UTC". Only confirmed changes that succeeded in the last
// 24 hours count; an audit that cannot be read leaves the alert without it.
import { t, type AuditLog, type Locale } from '../../core/index.js';
import { clockTime } from '../../render/time-format.js';
import type { RecentChange, WatchRecord } from '../types.js';

/** How far back a change is worth naming on an alert. */
export const RECENT_CHANGE_MS = 24 * 60 * 60_000;
/** Audit records read (newest first, every channel): enough for a day of changes in a small team. */
const SCANNED = 200;

const names = (args: Record<string, unknown>, uuid: string): boolean =>
  Object.values(args).some(
    (v) => typeof v === 'object' && v !== null && 'uuid' in v && (v as { uuid: unknown }).uuid === uuid,
  );

/** The newest confirmed, successful change of the watched server in the last day. */
export async function recentChange(
  audit: AuditLog,
  watch: WatchRecord,
  now: number,
): Promise<RecentChange | undefined> {
  const records = await audit.recentAcrossChannels(SCANNED).catch(() => []);
  const hit = records.find(
    (r) =>
      r.result === 'ok' &&
      r.confirmation === 'confirmed' &&
      now - Date.parse(r.time) <= RECENT_CHANGE_MS &&
      names(r.args, watch.instance.uuid),
  );
  if (!hit) return undefined;
  // confirmedBy is "<platform>:<user id>"; someone other than the requester is a second person's approval.
  const approver = hit.confirmedBy?.slice(hit.confirmedBy.indexOf(':') + 1);
  const change: RecentChange = {
    command: hit.command,
    by: hit.displayName,
    at: clockTime(new Date(hit.time)),
  };
  return approver && approver !== hit.userId ? { ...change, approver } : change;
}

/** The change in words, in `locale`: "instance stop by ada, approved by U0BOB at 11:02:00 UTC" (older state: its string). */
export function changeText(change: RecentChange | string, locale: Locale): string {
  if (typeof change === 'string') return change;
  const values = { command: change.command, who: change.by, time: change.at };
  return change.approver
    ? t(locale, 'alertCard.changeApproved', { ...values, approver: change.approver })
    : t(locale, 'alertCard.change', values);
}

// What an alert card tells beyond the condition (issue 24's enrichment): the age of the server's
// last backup, flagged past a day, from the instance detail the poll read; absent or unreadable
// values leave the line out rather than guess. The last change through the bot is recent-change.ts.
import { t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';
import { duration, toDate } from '../../render/time-format.js';
import type { AlertEffect } from '../rules/alert-rules.js';
import type { AlertState, RecentChange, WatchRecord } from '../types.js';

/** A backup older than this is flagged on the card. */
export const STALE_BACKUP_MS = 24 * 60 * 60_000;

/** "3 h ago", "2 d ago ⚠ older than a day", "never"; undefined when the API said nothing readable. */
export function backupAge(
  raw: string | null | undefined,
  now: number,
  locale: Locale = 'en',
): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw.trim() === '') return t(locale, 'instance.backupNever');
  const at = toDate(raw);
  if (!at) return undefined;
  const age = Math.max(0, now - at.getTime());
  const when = t(locale, 'time.ago', { span: duration(age, locale) });
  return age > STALE_BACKUP_MS ? t(locale, 'instance.backupStale', { when }) : when;
}

/** The card's context (alert-context.ts): the backup age on every poll; the last change and runbook once, at opening. */
export async function enrich(
  deps: {
    recentChange?: (watch: WatchRecord, now: number) => Promise<RecentChange | undefined>;
    runbookFor?: (hostname: string) => string | undefined;
  },
  watch: WatchRecord,
  state: AlertState,
  effects: readonly AlertEffect[],
  seen: { lastBackupAt?: string | null },
  now: number,
): Promise<void> {
  for (const alert of Object.values(state.open)) {
    if (!alert || alert.kind === 'balance') continue;
    if ('lastBackupAt' in seen) alert.lastBackupAt = seen.lastBackupAt ?? null;
    if (!effects.some((e) => e.type === 'open' && e.kind === alert.kind)) continue;
    const change = await deps.recentChange?.(watch, now);
    if (change) alert.change = change;
    const runbook = deps.runbookFor?.(watch.instance.label);
    if (runbook) alert.runbook = runbook;
  }
}

// What the embedded store does with a damaged journal at open: damaged lines are counted, the file
// is copied aside and said in the log; a journal shorter than its mark (cut) is data loss, said in
// the log and counted. Either way nobody knows which confirmation the lost lines changed, so every
// confirmation still pending is treated as used (voided by the state check, never confirmable).
import { copyFile } from 'node:fs/promises';
import type { StoreFaults } from '../../core/index.js';
import { VOIDED_BY_STATE_CHECK, type PendingConfirmation } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import { TABLES, type TableWrite } from '../memory/table-store.js';
import type { JournalRead } from './journal-file.js';

/** After damage nobody knows which confirmation a lost line changed: none may still be confirmed. */
function settleUncertain(writes: readonly TableWrite[], at: number): TableWrite[] {
  const last = new Map<string, TableWrite>();
  for (const write of writes) if (write.table === TABLES.pending) last.set(write.key, write);
  const settled: TableWrite[] = [];
  for (const write of last.values()) {
    const pending = write.value as PendingConfirmation | null;
    if (pending?.status !== 'pending') continue;
    settled.push({
      ...write,
      value: { ...pending, status: 'used', usedAt: at, usedBy: VOIDED_BY_STATE_CHECK },
    });
  }
  return settled;
}

/** Lines the mark says were written and the journal no longer has (0 when it cannot tell). */
function missingLines(journal: JournalRead, mark: { journal: string; lines: number } | null): number {
  if (!mark) return 0;
  // An empty or missing journal beside a mark lost all of it; another journal's mark tells nothing
  // (a crash between a compaction's rename and its mark).
  if (journal.id === null && journal.lines === 0) return mark.lines;
  return mark.journal === journal.id ? Math.max(0, mark.lines - journal.lines) : 0;
}

/** Inspects a journal read at open; returns the writes that void what the damage made uncertain. */
export async function checkJournal(
  journal: JournalRead,
  mark: { journal: string; lines: number } | null,
  replayed: readonly TableWrite[],
  o: { path: string; at: number; faults: StoreFaults; logger?: Logger },
): Promise<TableWrite[]> {
  const missing = missingLines(journal, mark);
  if (journal.corrupt === 0 && missing === 0) return [];
  const settled = settleUncertain(replayed, o.at);
  const voided = settled.length;
  if (journal.corrupt > 0) {
    o.faults.corruptRecords += journal.corrupt;
    const keptAs = `${o.path}.corrupt-${o.at}`;
    await copyFile(o.path, keptAs);
    o.logger?.error(
      {
        journal: o.path,
        keptAs,
        corruptLines: journal.corrupt,
        lines: journal.lines,
        voidedConfirmations: voided,
      },
      `the state journal has ${journal.corrupt} torn or corrupt line(s) of ${journal.lines}: the file was kept aside as ${keptAs}, and ${voided} pending confirmation(s) are treated as used`,
    );
  }
  if (missing > 0) {
    o.faults.dataLosses += 1;
    o.logger?.error(
      { journal: o.path, missingLines: missing, linesWritten: mark?.lines, voidedConfirmations: voided },
      `data loss: the state journal was cut — ${missing} of the ${mark?.lines ?? 0} lines written are missing; ${voided} pending confirmation(s) are treated as used, and confirmations, watches or bindings changed in the lost lines are gone`,
    );
  }
  return settled;
}

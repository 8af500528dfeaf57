// The embedded store's journal as it is written: one append per batch of changes (group commit),
// each batch's lines chained, the line mark rewritten after each write, and the journal rewritten
// whole as the live records (compaction) when it grows past twice them or an append was torn.
import { open, rename, writeFile, type FileHandle } from 'node:fs/promises';
import { pendingDropAt, type PendingConfirmation } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import { journalEncoder, markText } from './journal-file.js';
import { TABLES, type TableWrite } from '../memory/table-store.js';

/** Whether a record is still kept: a confirmation past its retention is not. */
export function live(write: TableWrite, now: number): boolean {
  if (write.table !== TABLES.pending) return true;
  return pendingDropAt(write.value as PendingConfirmation) >= now;
}

/** What the writer needs: its files, how to append, the clock, and the live records to compact. */
export interface JournalWriterDeps {
  path: string;
  markPath: string;
  appendLines: (handle: FileHandle, text: string) => Promise<void>;
  now: () => number;
  /** Every live record as writes (the store's snapshot). */
  snapshot: () => TableWrite[];
  logger?: Pick<Logger, 'warn'>;
}

/**
 * The line mark: after each write it says how many lines of this journal exist, so a shorter
 * journal at the next open was cut. A mark that cannot be written only weakens that check (logged once).
 */
function lineMark(markPath: string, logger: Pick<Logger, 'warn'> | undefined) {
  let handle: FileHandle | undefined;
  let failed = false;
  return {
    async write(journalId: Parameters<typeof markText>[0], lines: number): Promise<void> {
      try {
        if (!handle) {
          await writeFile(markPath, markText(journalId, lines), { mode: 0o600 });
          handle = await open(markPath, 'r+');
        } else await handle.write(markText(journalId, lines), 0);
      } catch (error) {
        if (!failed)
          logger?.warn(
            { err: (error as NodeJS.ErrnoException).code },
            'the state journal mark could not be written: a cut journal may go unnoticed',
          );
        failed = true;
      }
    },
    /** Closed after a compaction (the next write starts the new journal's mark) and at close. */
    async close(): Promise<void> {
      await handle?.close();
      handle = undefined;
    },
  };
}

/** The journal's writer: nothing is open until the first compact(). */
export function journalWriter(deps: JournalWriterDeps) {
  const { path, markPath, appendLines, now } = deps;
  let encoder = journalEncoder();
  const mark = lineMark(markPath, deps.logger);
  let handle: FileHandle | undefined;
  // Bytes of the journal as last written whole; a failed append is cut back to it.
  let size = 0;
  let torn = false;
  let lines = 0;
  let liveCount = 0;
  let queue: Promise<void> = Promise.resolve();
  // Rewrites the journal as the live records only (tmp + rename, so a crash keeps one whole file),
  // as a new journal (new header, new chain). `written` are changes just appended whose changes
  // memory applies only after this returns.
  const compact = async (written: readonly TableWrite[] = []): Promise<void> => {
    const records = deps.snapshot().filter((write) => live(write, now()));
    encoder = journalEncoder();
    const body = encoder.encode([...records, ...written]);
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, encoder.header + body.text, { mode: 0o600 });
    body.commit();
    await handle?.close();
    await rename(tmp, path);
    handle = await open(path, 'a', 0o600);
    size = (await handle.stat()).size;
    lines = records.length + written.length;
    liveCount = records.length;
    await mark.close();
    await mark.write(encoder.id, lines);
  };
  // Group commit: changes made while a write is in flight wait in one open batch and go to disk
  // together in the next write, so a burst costs a few appends rather than one event-loop
  // round trip per change queued behind every other. Lines are chained when they are written.
  let openBatch: { writes: TableWrite[]; done: Promise<void> } | undefined;
  const append = (write: TableWrite): Promise<void> => {
    if (!openBatch) {
      const batch: { writes: TableWrite[]; done: Promise<void> } = { writes: [], done: Promise.resolve() };
      const step = async (): Promise<void> => {
        if (openBatch === batch) openBatch = undefined;
        if (!handle) throw new Error('the embedded store is closed');
        // A torn append (disk full part-way) would glue the next batch onto its fragment: it is cut
        // back, or, when even that fails, the next write rewrites the journal whole.
        if (torn) return compact(batch.writes).then(() => void (torn = false));
        const encoded = encoder.encode(batch.writes);
        const journal = handle;
        await appendLines(journal, encoded.text).catch(async (error: unknown) => {
          await journal.truncate(size).catch(() => void (torn = true));
          throw error;
        });
        size += Buffer.byteLength(encoded.text);
        encoded.commit();
        lines += batch.writes.length;
        if (lines > 2 * liveCount + 1000) await compact(batch.writes);
        else await mark.write(encoder.id, lines);
      };
      batch.done = queue = queue.then(step, step);
      openBatch = batch;
    }
    openBatch.writes.push(write);
    return openBatch.done;
  };
  return {
    append,
    compact: () => compact(),
    /** Lines of the journal as written. */
    lines: () => lines,
    /** Waits for the writes in flight, then closes the journal and its mark. */
    async close(): Promise<void> {
      await queue.catch(() => undefined);
      await handle?.close();
      handle = undefined;
      await mark.close();
    },
  };
}

// The embedded store (no REDIS_URL): the table store plus an append-only journal in the data dir.
// Each change appends one JSON line (cost proportional to the change; changes made while a write
// is in flight are appended together by the next one); the journal is compacted
// to the live records when it has grown to twice their number, and at every open. One process per
// data dir, enforced by a lock file. Chosen over SQLite/LevelDB: no native build, and the state
// is small records that are replayed in milliseconds.
//
// Integrity: every line carries a chained checksum, and a mark beside the journal counts its lines
// (journal-file.ts). A change is applied in memory only once its line is written; a write that
// fails answers "can't write: nothing was done". Damage found at open — a torn, corrupt or
// unchained line, or a journal shorter than its mark (data loss) — is reported loudly
// (journal-damage.ts), and every confirmation still pending is then treated as used.
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, type BotStore, type StoreFaults } from '../../core/index.js';
import { StoreUnavailableError, pendingDropAt, type PendingConfirmation } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import { takeDataDir } from './data-dir-lock.js';
import { checkJournal } from './journal-damage.js';
import { JOURNAL_FILE, journalEncoder, MARK_FILE, markText, readJournal, readMark } from './journal-file.js';
import { createTableStore, TABLES, type TableWrite } from '../memory/table-store.js';

/** The whole-state JSON file of earlier versions, imported once. */
const LEGACY_FILE = 'state.json';

/** Earlier versions kept the whole state in state.json: turn it into journal writes once. */
async function readLegacy(path: string): Promise<TableWrite[]> {
  if (!existsSync(path)) return [];
  let state: Record<string, Record<string, unknown> | undefined>;
  try {
    state = JSON.parse(await readFile(path, 'utf8')) as typeof state;
  } catch {
    throw new ConfigError(`${path}: the old bot state file is not valid JSON; move it aside to start fresh`);
  }
  const writes: TableWrite[] = [];
  for (const [table, legacyKey] of [
    [TABLES.pending, 'pending'],
    [TABLES.bindings, 'bindings'],
    [TABLES.hostnames, 'hostnames'],
    [TABLES.operations, 'operations'],
  ] as const) {
    for (const [key, value] of Object.entries(state[legacyKey] ?? {})) writes.push({ table, key, value });
  }
  return writes;
}

function live(write: TableWrite, now: number): boolean {
  if (write.table !== TABLES.pending) return true;
  return pendingDropAt(write.value as PendingConfirmation) >= now;
}

/** Settings of openEmbeddedStore. */
export interface EmbeddedStoreOptions {
  /** What this process is (console, exec, serve), named to a second process that is refused. */
  mode?: string;
  now?: () => number;
  logger?: Logger;
  /** How a batch of lines reaches the journal (tests inject a failing disk). */
  appendLines?: (handle: FileHandle, text: string) => Promise<void>;
}

/** Why a journal write failed, from its error code only (a message may name paths). */
function writeRefused(error: unknown): StoreUnavailableError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const why = typeof code === 'string' ? code : 'write failed';
  return new StoreUnavailableError(`the journal could not be written (${why})`, false, 'STORE_WRITE_REFUSED');
}

/** Opens the embedded store under `dataDir`; ConfigError when another live process holds it. */
export async function openEmbeddedStore(
  dataDir: string,
  options: EmbeddedStoreOptions = {},
): Promise<BotStore & { journalLines(): number }> {
  const now = options.now ?? Date.now;
  const appendLines = options.appendLines ?? ((handle, text) => handle.appendFile(text));
  const faults: StoreFaults = { writeFailures: 0, corruptRecords: 0, dataLosses: 0 };
  await mkdir(dataDir, { recursive: true });
  const lock = await takeDataDir(dataDir, options.mode ?? 'vpsops');
  try {
    const path = join(dataDir, JOURNAL_FILE);
    const markPath = join(dataDir, MARK_FILE);
    const legacy = join(dataDir, LEGACY_FILE);
    const journal = await readJournal(path);
    const replayed = [...(await readLegacy(legacy)), ...journal.writes];
    const check = { path, at: now(), faults, ...(options.logger ? { logger: options.logger } : {}) };
    replayed.push(...(await checkJournal(journal, await readMark(markPath), replayed, check)));
    let encoder = journalEncoder();
    let markHandle: FileHandle | undefined;
    let markFailed = false;
    let handle: FileHandle | undefined;
    // Bytes of the journal as last written whole; a failed append is cut back to it.
    let size = 0;
    let torn = false;
    let lines = 0;
    let liveCount = 0;
    let queue: Promise<void> = Promise.resolve();
    const store = createTableStore({
      kind: 'embedded',
      now,
      initial: replayed,
      onWrite: (write) =>
        append(write).catch((error: unknown) => {
          faults.writeFailures += 1;
          const refused = writeRefused(error);
          options.logger?.error(
            { err: refused.reason },
            'the state journal refused a write: nothing was changed',
          );
          throw refused;
        }),
      onClose: async () => {
        await queue.catch(() => undefined);
        await handle?.close();
        await markHandle?.close();
        handle = markHandle = undefined;
        lock.release();
      },
    });
    // After each write the mark says how many lines of this journal exist: a shorter journal at the
    // next open was cut. A mark that cannot be written only weakens that check (logged once).
    const writeMark = async (): Promise<void> => {
      try {
        if (!markHandle) {
          await writeFile(markPath, markText(encoder.id, lines), { mode: 0o600 });
          markHandle = await open(markPath, 'r+');
        } else await markHandle.write(markText(encoder.id, lines), 0);
      } catch (error) {
        if (!markFailed)
          options.logger?.warn(
            { err: (error as NodeJS.ErrnoException).code },
            'the state journal mark could not be written: a cut journal may go unnoticed',
          );
        markFailed = true;
      }
    };
    // Rewrites the journal as the live records only (tmp + rename, so a crash keeps one whole file),
    // as a new journal (new header, new chain). `written` are changes just appended whose changes
    // memory applies only after this returns.
    const compact = async (written: readonly TableWrite[] = []): Promise<void> => {
      const records = store.snapshot().filter((write) => live(write, now()));
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
      await markHandle?.close();
      markHandle = undefined;
      await writeMark();
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
          else await writeMark();
        };
        batch.done = queue = queue.then(step, step);
        openBatch = batch;
      }
      openBatch.writes.push(write);
      return openBatch.done;
    };
    await compact();
    if (existsSync(legacy)) await rename(legacy, `${legacy}.imported`);
    options.logger?.info({ store: 'embedded', dataDir }, `state store: embedded journal at ${dataDir}`);
    // Readiness writes a probe line through the same path as every change (compaction keeps one).
    const ping = async (): Promise<void> => {
      await store.collection<number>('probe').put('write', now());
    };
    return Object.assign(store, { journalLines: () => lines, ping, faults: () => ({ ...faults }) });
  } catch (error) {
    lock.release();
    throw error;
  }
}

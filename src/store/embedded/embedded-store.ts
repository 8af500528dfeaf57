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
import { mkdir, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, type BotStore, type StoreFaults } from '../../core/index.js';
import { StoreUnavailableError } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import { takeDataDir } from './data-dir-lock.js';
import { checkJournal } from './journal-damage.js';
import { JOURNAL_FILE, MARK_FILE, readJournal, readMark } from './journal-file.js';
import { journalWriter } from './journal-writer.js';
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
    const writer = journalWriter({
      path,
      markPath,
      appendLines,
      now,
      snapshot: () => store.snapshot(),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    const store = createTableStore({
      kind: 'embedded',
      now,
      initial: replayed,
      onWrite: (write) =>
        writer.append(write).catch((error: unknown) => {
          faults.writeFailures += 1;
          const refused = writeRefused(error);
          options.logger?.error(
            { err: refused.reason },
            'the state journal refused a write: nothing was changed',
          );
          throw refused;
        }),
      onClose: async () => {
        await writer.close();
        lock.release();
      },
    });
    await writer.compact();
    if (existsSync(legacy)) await rename(legacy, `${legacy}.imported`);
    options.logger?.info({ store: 'embedded', dataDir }, `state store: embedded journal at ${dataDir}`);
    // Readiness writes a probe line through the same path as every change (compaction keeps one).
    const ping = async (): Promise<void> => {
      await store.collection<number>('probe').put('write', now());
    };
    return Object.assign(store, { journalLines: writer.lines, ping, faults: () => ({ ...faults }) });
  } catch (error) {
    lock.release();
    throw error;
  }
}

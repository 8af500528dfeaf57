// The embedded store (no REDIS_URL): the table store plus an append-only journal in the data dir.
// Each change appends one JSON line (cost proportional to the change; changes made while a write
// is in flight are appended together by the next one); the journal is compacted
// to the live records when it has grown to twice their number, and at every open. One process per
// data dir, enforced by a lock file. Chosen over SQLite/LevelDB: no native build, and the state
// is small records that are replayed in milliseconds.
//
// Integrity: every line carries a checksum. A change is applied in memory only once its line is
// written; a write that fails answers "can't write: nothing was done". A torn or corrupt line
// found at open is reported loudly (error log, the count in `storeFaults`, the file copied aside),
// and every confirmation still pending is then treated as used: its state is uncertain.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, StoreUnavailableError, pendingDropAt, type BotStore, type PendingConfirmation, type StoreFaults } from '../../core/index.js';
import type { Logger } from '../../logger.js';
import { lockDataDir } from './data-dir-lock.js';
import { createTableStore, TABLES, type TableWrite } from '../memory/table-store.js';

/** Journal file name inside the data dir. */
export const JOURNAL_FILE = 'state.journal';
/** The whole-state JSON file of earlier versions, imported once. */
const LEGACY_FILE = 'state.json';

const checksum = (json: string): string => createHash('sha256').update(json).digest('hex').slice(0, 12);

function decode(json: string): TableWrite | null {
  try {
    const parsed = JSON.parse(json) as { t?: unknown; k?: unknown; v?: unknown };
    if (typeof parsed.t !== 'string' || typeof parsed.k !== 'string') return null;
    return { table: parsed.t, key: parsed.k, value: parsed.v ?? null };
  } catch {
    return null;
  }
}

/** One journal line: the write, or null when the line is torn or corrupt. */
function parseLine(line: string): TableWrite | null {
  const tab = line.indexOf('\t');
  // Journals of earlier versions have bare JSON lines (no checksum); read once, then compacted.
  if (tab < 0) return line.startsWith('{') ? decode(line) : null;
  const json = line.slice(tab + 1);
  return checksum(json) === line.slice(0, tab) ? decode(json) : null;
}

const lineOf = (write: TableWrite): string => {
  const json = JSON.stringify({ t: write.table, k: write.key, v: write.value });
  return `${checksum(json)}\t${json}\n`;
};

/** The journal's writes, and how many lines were torn or corrupt. */
async function readJournal(path: string): Promise<{ writes: TableWrite[]; corrupt: number }> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { writes: [], corrupt: 0 };
    throw error;
  }
  const writes: TableWrite[] = [];
  let corrupt = 0;
  for (const line of raw.split('\n')) {
    if (!line.trim()) continue;
    const write = parseLine(line);
    if (write) writes.push(write);
    else corrupt += 1;
  }
  return { writes, corrupt };
}

/** After a corrupt line nobody knows which confirmation it changed: none may still be confirmed. */
function settleUncertain(writes: TableWrite[], at: number): TableWrite[] {
  const last = new Map<string, TableWrite>();
  for (const write of writes) if (write.table === TABLES.pending) last.set(write.key, write);
  const settled: TableWrite[] = [];
  for (const write of last.values()) {
    const pending = write.value as PendingConfirmation | null;
    if (pending?.status !== 'pending') continue;
    settled.push({ ...write, value: { ...pending, status: 'used', usedAt: at, usedBy: 'state-check' } });
  }
  return settled;
}

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
  const lock = lockDataDir(dataDir, options.mode ?? 'vpsops');
  try {
    const path = join(dataDir, JOURNAL_FILE);
    const legacy = join(dataDir, LEGACY_FILE);
    const journal = await readJournal(path);
    const replayed = [...(await readLegacy(legacy)), ...journal.writes];
    if (journal.corrupt > 0) {
      faults.corruptRecords += journal.corrupt;
      const aside = `${path}.corrupt-${now()}`;
      await copyFile(path, aside);
      replayed.push(...settleUncertain(replayed, now()));
      options.logger?.error(
        { journal: path, keptAs: aside, corruptLines: journal.corrupt },
        'the state journal has torn or corrupt lines: the file was kept aside and every pending confirmation is treated as used',
      );
    }
    let handle: FileHandle | undefined;
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
        handle = undefined;
        lock.release();
      },
    });
    // Rewrites the journal as the live records only (tmp + rename, so a crash keeps one whole file).
    // `written` are lines just appended whose changes memory applies only after this returns.
    const compact = async (written: string[] = []): Promise<void> => {
      const records = store.snapshot().filter((write) => live(write, now()));
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, records.map(lineOf).join('') + written.join(''), { mode: 0o600 });
      await handle?.close();
      await rename(tmp, path);
      handle = await open(path, 'a', 0o600);
      lines = records.length + written.length;
      liveCount = records.length;
    };
    // Group commit: changes made while a write is in flight wait in one open batch and go to disk
    // together in the next write, so a burst costs a few appends rather than one event-loop
    // round trip per change queued behind every other.
    let openBatch: { lines: string[]; done: Promise<void> } | undefined;
    const append = (write: TableWrite): Promise<void> => {
      if (!openBatch) {
        const batch: { lines: string[]; done: Promise<void> } = { lines: [], done: Promise.resolve() };
        const step = async (): Promise<void> => {
          if (openBatch === batch) openBatch = undefined;
          if (!handle) throw new Error('the embedded store is closed');
          await appendLines(handle, batch.lines.join(''));
          lines += batch.lines.length;
          if (lines > 2 * liveCount + 1000) await compact(batch.lines);
        };
        batch.done = queue = queue.then(step, step);
        openBatch = batch;
      }
      openBatch.lines.push(lineOf(write));
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

// The embedded store (no REDIS_URL): the table store plus an append-only journal in the data dir.
// Each change appends one JSON line (cost proportional to the change; changes made while a write
// is in flight are appended together by the next one); the journal is compacted
// to the live records when it has grown to twice their number, and at every open. One process per
// data dir, enforced by a lock file. Chosen over SQLite/LevelDB: no native build, and the state
// is small records that are replayed in milliseconds.
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { pendingDropAt, type BotStore, type PendingConfirmation } from '../core/store.js';
import { lockDataDir } from './data-dir-lock.js';
import { createTableStore, TABLES, type TableWrite } from './table-store.js';

/** Journal file name inside the data dir. */
export const JOURNAL_FILE = 'state.journal';
/** The whole-state JSON file of earlier versions, imported once. */
const LEGACY_FILE = 'state.json';

function parseLine(line: string): TableWrite | null {
  try {
    const parsed = JSON.parse(line) as { t?: unknown; k?: unknown; v?: unknown };
    if (typeof parsed.t !== 'string' || typeof parsed.k !== 'string') return null;
    return { table: parsed.t, key: parsed.k, value: parsed.v ?? null };
  } catch {
    // A torn last line (killed mid-append) is dropped; every earlier line is whole.
    return null;
  }
}

const lineOf = (write: TableWrite): string =>
  `${JSON.stringify({ t: write.table, k: write.key, v: write.value })}\n`;

async function readJournal(path: string): Promise<TableWrite[]> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return raw.split('\n').flatMap((line) => (line.trim() ? (parseLine(line) ?? []) : []));
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
}

/** Opens the embedded store under `dataDir`; ConfigError when another live process holds it. */
export async function openEmbeddedStore(
  dataDir: string,
  options: EmbeddedStoreOptions = {},
): Promise<BotStore & { journalLines(): number }> {
  const now = options.now ?? Date.now;
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, options.mode ?? 'vpsops');
  try {
    const path = join(dataDir, JOURNAL_FILE);
    const legacy = join(dataDir, LEGACY_FILE);
    const replayed = [...(await readLegacy(legacy)), ...(await readJournal(path))];
    let handle: FileHandle | undefined;
    let lines = 0;
    let liveCount = 0;
    let queue: Promise<void> = Promise.resolve();
    const store = createTableStore({
      kind: 'embedded',
      now,
      initial: replayed,
      onWrite: (write) => append(write),
      onClose: async () => {
        await queue.catch(() => undefined);
        await handle?.close();
        handle = undefined;
        lock.release();
      },
    });
    // Rewrites the journal as the live records only (tmp + rename, so a crash keeps one whole file).
    const compact = async (): Promise<void> => {
      const records = store.snapshot().filter((write) => live(write, now()));
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, records.map(lineOf).join(''), { mode: 0o600 });
      await handle?.close();
      await rename(tmp, path);
      handle = await open(path, 'a', 0o600);
      lines = records.length;
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
          await handle.appendFile(batch.lines.join(''));
          lines += batch.lines.length;
          if (lines > 2 * liveCount + 1000) await compact();
        };
        batch.done = queue = queue.then(step, step);
        openBatch = batch;
      }
      openBatch.lines.push(lineOf(write));
      return openBatch.done;
    };
    await compact();
    if (existsSync(legacy)) await rename(legacy, `${legacy}.imported`);
    return Object.assign(store, { journalLines: () => lines });
  } catch (error) {
    lock.release();
    throw error;
  }
}

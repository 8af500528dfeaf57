// One process per data dir: the embedded store is not shared, so a second process opening the
// same dir is refused at start (naming the holder) instead of silently losing writes — except that
// it waits a while for an `exec` holder, which is done within seconds (takeDataDir).
//
// The lock file only ever appears whole (written aside, then hard-linked into place, which fails
// when a lock exists) and is never removed while it might be someone else's: a stale lock (its
// process is gone) is replaced by renaming a fresh one over it, by whoever first creates the
// takeover marker of that exact lock and then finds it unchanged. So however many processes
// start together on a stale lock, exactly one of them holds the dir.
import { createHash, randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../core/index.js';

/** File name of the lock inside the data dir. */
export const LOCK_FILE = 'vpsops.lock';

const ATTEMPTS = 10;
const RETRY_PAUSE_MS = 20;

interface LockInfo {
  pid: number;
  host: string;
  mode: string;
  since: string;
  /** Unique per lock taken, so a lock is never mistaken for an older one of the same pid. */
  nonce?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseLock(raw: string): LockInfo | null {
  try {
    const parsed = JSON.parse(raw) as Partial<LockInfo>;
    return typeof parsed.pid === 'number'
      ? {
          pid: parsed.pid,
          host: String(parsed.host ?? ''),
          mode: String(parsed.mode ?? '?'),
          since: String(parsed.since ?? '?'),
          ...(typeof parsed.nonce === 'string' ? { nonce: parsed.nonce } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

/** The lock file's text, or null when there is none. */
function readRaw(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException).code === code;
}

/** Writes `body` to a file of its own next to `path` (removed by the caller). */
function writeAside(path: string, body: string): string {
  const aside = `${path}.${randomUUID()}.tmp`;
  writeFileSync(aside, body, { flag: 'wx', mode: 0o600 });
  return aside;
}

/** Creates the lock only if none exists, whole (never seen half-written); false when one exists. */
function createExclusive(path: string, body: string): boolean {
  const aside = writeAside(path, body);
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Replaces the stale lock `staleRaw` by `body`; false when another process is at it or it changed. */
function takeOver(path: string, staleRaw: string, body: string): boolean {
  const marker = `${path}.takeover-${createHash('sha256').update(staleRaw).digest('hex').slice(0, 16)}`;
  try {
    writeFileSync(marker, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    // Holding the marker, nobody else can replace this lock; it must still be the one judged stale.
    if (readRaw(path) !== staleRaw) return false;
    const aside = writeAside(path, body);
    try {
      renameSync(aside, path);
    } catch (error) {
      rmSync(aside, { force: true });
      throw error;
    }
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A live process holds the data dir; `holderMode` is the mode it runs in ("exec", "serve", …). */
export class DataDirInUse extends ConfigError {
  constructor(
    message: string,
    readonly holderMode: string,
  ) {
    super(message);
  }
}

/** How long a process waits for an `exec` holding the dir: it answers one command and leaves. */
export const EXEC_HOLDER_WAIT_MS = 60_000;
const WAIT_STEP_MS = 50;

/**
 * Takes the data dir, waiting (up to `waitMs`) while another `exec` holds it, so scripts and cron
 * jobs can run exec in parallel on one dir: each opens the store alone, one after another, which
 * keeps the store's one-process guarantees. Any other holder (serve, console) is refused at once.
 */
export async function takeDataDir(
  dataDir: string,
  mode: string,
  waitMs = EXEC_HOLDER_WAIT_MS,
): Promise<{ release(): void }> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return lockDataDir(dataDir, mode);
    } catch (error) {
      const waitable = error instanceof DataDirInUse && error.holderMode === 'exec';
      if (!waitable || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
}

/** Takes the data dir for this process; throws DataDirInUse naming the process that holds it. */
export function lockDataDir(dataDir: string, mode: string): { release(): void } {
  const path = join(dataDir, LOCK_FILE);
  const mine: LockInfo = {
    pid: process.pid,
    host: hostname(),
    mode,
    since: new Date().toISOString(),
    nonce: randomUUID(),
  };
  const body = JSON.stringify(mine);
  const held = {
    release() {
      const raw = readRaw(path);
      if (raw !== null && parseLock(raw)?.nonce === mine.nonce) rmSync(path, { force: true });
    },
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) pause(RETRY_PAUSE_MS);
    if (createExclusive(path, body)) return held;
    const raw = readRaw(path);
    if (raw === null) continue; // released meanwhile
    const holder = parseLock(raw);
    // A lock left by a process that is gone (crash, kill -9) on this host is taken over.
    if (holder && (holder.host !== mine.host || alive(holder.pid)) && holder.pid !== process.pid) {
      throw new DataDirInUse(
        `${dataDir} is in use by another vpsops process (pid ${holder.pid} on ${holder.host}, ${holder.mode}, since ${holder.since}). ` +
          'The embedded store serves one process only: stop that process, give this one its own VPSOPS_DATA_DIR, ' +
          'or share state between processes with Redis (set REDIS_URL=redis://host:6379/0 for every process).',
        holder.mode,
      );
    }
    if (takeOver(path, raw, body)) return held;
  }
  throw new ConfigError(
    `${dataDir}: could not take the data dir lock (${path}); if no vpsops process is running, remove it ` +
      `and any ${LOCK_FILE}.takeover-* file beside it.`,
  );
}

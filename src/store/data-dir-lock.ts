// One process per data dir: the embedded store is not shared, so a second process opening the
// same dir is refused at start (naming the holder) instead of silently losing writes.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';

/** File name of the lock inside the data dir. */
export const LOCK_FILE = 'vpsops.lock';

interface LockInfo {
  pid: number;
  host: string;
  mode: string;
  since: string;
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

function readLock(path: string): LockInfo | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    return typeof parsed.pid === 'number'
      ? {
          pid: parsed.pid,
          host: String(parsed.host ?? ''),
          mode: String(parsed.mode ?? '?'),
          since: String(parsed.since ?? '?'),
        }
      : null;
  } catch {
    return null;
  }
}

/** Takes the data dir for this process; throws ConfigError naming the process that holds it. */
export function lockDataDir(dataDir: string, mode: string): { release(): void } {
  const path = join(dataDir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, host: hostname(), mode, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      return {
        release() {
          if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    // A lock left by a process that is gone (crash, kill -9) on this host is taken over.
    if (holder && (holder.host !== mine.host || alive(holder.pid)) && holder.pid !== process.pid) {
      throw new ConfigError(
        `${dataDir} is in use by another vpsops process (pid ${holder.pid} on ${holder.host}, ${holder.mode}, since ${holder.since}). ` +
          'The embedded store serves one process only: stop that process, give this one its own VPSOPS_DATA_DIR, ' +
          'or share state between processes with Redis (set REDIS_URL=redis://host:6379/0 for every process).',
      );
    }
    rmSync(path, { force: true });
  }
  throw new ConfigError(
    `${dataDir}: could not take the data dir lock (${path}); remove it if no vpsops process is running.`,
  );
}

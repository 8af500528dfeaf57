// File-backed BotStore: the whole state is a small JSON file under the data dir, rewritten
// atomically (tmp + rename) after each change, so it survives restarts and never half-writes.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { createStateStore, emptyState, pruneState, type BotStore, type StoreState } from './store.js';

/** File name of the state inside the data dir. */
export const STATE_FILE = 'state.json';

async function readState(path: string): Promise<StoreState> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw error;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<StoreState>;
    return { ...emptyState(), ...parsed, version: 1 };
  } catch {
    throw new ConfigError(`${path}: the bot state file is not valid JSON; move it aside to start fresh`);
  }
}

/** Opens (creating if needed) the store under `dataDir`; writes are serialised in order. */
export async function openFileStore(dataDir: string, now: () => number = Date.now): Promise<BotStore> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, STATE_FILE);
  const state = await readState(path);
  pruneState(state, now());
  let queue: Promise<void> = Promise.resolve();
  let counter = 0;
  const persist = (snapshot: StoreState) => {
    const body = JSON.stringify(snapshot);
    const write = async () => {
      const tmp = `${path}.${process.pid}.${(counter += 1)}.tmp`;
      await writeFile(tmp, body, { mode: 0o600 });
      await rename(tmp, path);
    };
    queue = queue.then(write, write);
    return queue;
  };
  return createStateStore(state, persist, () => queue);
}

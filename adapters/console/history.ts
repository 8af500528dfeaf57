// REPL history persisted under the data dir (one command per line, oldest first, capped), so
// the up-arrow works across sessions. Confirmation answers are never recorded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Default number of remembered commands. */
export const HISTORY_SIZE = 500;

/** An in-memory history mirrored to a file (when a path is given). */
export interface CommandHistory {
  /** Newest first, the order readline expects. */
  newestFirst(): string[];
  add(line: string): void;
}

/** Loads the history file (missing or unreadable → empty) and writes it back on every add. */
export function createHistory(file: string | undefined, size = HISTORY_SIZE): CommandHistory {
  let lines = file ? load(file).slice(-size) : [];
  return {
    newestFirst: () => [...lines].reverse(),
    add(line) {
      const entry = line.trim();
      if (entry === '' || entry.includes('\n') || lines.at(-1) === entry) return;
      lines = [...lines, entry].slice(-size);
      if (file) save(file, lines);
    },
  };
}

function load(file: string): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
  } catch {
    return [];
  }
}

function save(file: string, lines: string[]): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  } catch {
    // History is a convenience: a read-only data dir must not break the console.
  }
}

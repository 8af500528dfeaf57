// The data dir (VPSOPS_DATA_DIR) must take writes before anything runs: the state, the audit log,
// the console's log and rendered charts live there, and a dir found unwritable later (a read-only
// container root under a relative path) surfaces as a misleading failure far from its cause.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../core/index.js';

/** Creates the data dir if needed and proves a file can be written there; ConfigError naming the variable and the path otherwise. */
export function requireWritableDataDir(dataDir: string): void {
  const probe = join(dataDir, `.vpsops-write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'not writable';
    throw new ConfigError(
      `VPSOPS_DATA_DIR=${resolve(dataDir)} cannot be written (${code}): the bot keeps its state, audit log and charts there. ` +
        'Point VPSOPS_DATA_DIR at a writable directory (in the image: leave it unset, /data is its volume).',
    );
  }
}

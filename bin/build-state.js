// Where the build lives and whether it is current: dist/ counts only while its stamp is newer than
// every file the build read (the list is written by bin/build.js), so an edited source never runs
// as stale compiled code. Checking costs one stat per source file (a few ms).
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
export const STAMP = join(DIST, 'build-stamp.json');

/** True when dist/ was built and no input changed (or disappeared) since; false on any doubt. */
export function buildIsCurrent(root = ROOT) {
  try {
    const stampPath = join(root, 'dist', 'build-stamp.json');
    const builtMs = statSync(stampPath).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(stampPath, 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0) return false;
    return inputs.every((file) => statSync(join(root, file)).mtimeMs <= builtMs);
  } catch {
    return false;
  }
}

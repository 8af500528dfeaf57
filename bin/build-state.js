// Where the build lives and whether it is current: in a checkout, dist/ counts only while its stamp
// is newer than every file the build read (the list is written by bin/build.js), so an edited source
// never runs as stale compiled code; checking costs one stat per source file (a few ms). An install
// without sources (a container image: dist/, bin/ and production dependencies) runs dist/ as built.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');

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

/**
 * What bin/vpsops.js runs: 'dist' (a current build in a checkout, or a completed build where no
 * sources exist), 'source' (a checkout without a current build, or VPSOPS_FROM_SOURCE=1), or
 * 'none' (neither a completed build nor sources — nothing can run).
 */
export function entryToRun(root = ROOT, env = process.env) {
  const hasSources = existsSync(join(root, 'src', 'main.ts'));
  // The stamp is written last, so it marks a build that completed.
  const built =
    existsSync(join(root, 'dist', 'main.js')) && existsSync(join(root, 'dist', 'build-stamp.json'));
  if (!hasSources) return built ? 'dist' : 'none';
  if (env.VPSOPS_FROM_SOURCE === '1') return 'source';
  return buildIsCurrent(root) ? 'dist' : 'source';
}

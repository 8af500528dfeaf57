import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain-JS launcher helper without type declarations
import { buildIsCurrent, entryToRun } from '../../../bin/build-state.js';

const isCurrent = buildIsCurrent as (root: string) => boolean;
const entry = entryToRun as (root: string, env: Record<string, string>) => 'dist' | 'source' | 'none';
const roots: string[] = [];

/** A fake checkout: one source file and, optionally, a build stamp listing it. */
function checkout(options: { stamp: boolean }): { root: string; source: string; stamp: string } {
  const root = mkdtempSync(join(tmpdir(), 'vpsops-build-'));
  roots.push(root);
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'dist'));
  const source = join(root, 'src', 'main.ts');
  const stamp = join(root, 'dist', 'build-stamp.json');
  writeFileSync(source, 'export {};\n');
  utimesSync(source, new Date(1_000_000), new Date(1_000_000));
  if (options.stamp) writeFileSync(stamp, JSON.stringify({ inputs: ['src/main.ts'] }));
  return { root, source, stamp };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('buildIsCurrent (whether bin/vpsops.js may run dist/)', () => {
  it('accepts a build newer than every input it read', () => {
    expect(isCurrent(checkout({ stamp: true }).root)).toBe(true);
  });

  it('refuses the build once a source is edited after it', () => {
    const { root, source } = checkout({ stamp: true });
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    expect(isCurrent(root)).toBe(false);
  });

  it('refuses the build when an input it read has disappeared', () => {
    const { root, source } = checkout({ stamp: true });
    rmSync(source);
    expect(isCurrent(root)).toBe(false);
  });

  it('refuses when there is no stamp (never built, or the build failed)', () => {
    expect(isCurrent(checkout({ stamp: false }).root)).toBe(false);
  });

  it('refuses a stamp that lists no inputs', () => {
    const { root, stamp } = checkout({ stamp: false });
    writeFileSync(stamp, JSON.stringify({ inputs: [] }));
    expect(isCurrent(root)).toBe(false);
  });
});

/** An install without sources (what the image holds): dist/ and, optionally, the stamp of a completed build. */
function install(options: { stamp: boolean }): string {
  const root = mkdtempSync(join(tmpdir(), 'vpsops-install-'));
  roots.push(root);
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'main.js'), 'export {};\n');
  // The stamp lists sources the install does not have: a checkout would call this build stale.
  if (options.stamp)
    writeFileSync(join(root, 'dist', 'build-stamp.json'), JSON.stringify({ inputs: ['src/main.ts'] }));
  return root;
}

describe('entryToRun (what bin/vpsops.js starts)', () => {
  it('runs dist/ in an install without sources, even though its stamp names them', () => {
    expect(entry(install({ stamp: true }), {})).toBe('dist');
  });

  it('runs nothing from an install without sources whose build never completed', () => {
    expect(entry(install({ stamp: false }), {})).toBe('none');
  });

  it('keeps the staleness check in a checkout: current build → dist, edited source → source', () => {
    const { root, source } = checkout({ stamp: true });
    writeFileSync(join(root, 'dist', 'main.js'), 'export {};\n');
    expect(entry(root, {})).toBe('dist');
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    expect(entry(root, {})).toBe('source');
  });

  it('runs the sources of a checkout when VPSOPS_FROM_SOURCE=1', () => {
    const { root } = checkout({ stamp: true });
    writeFileSync(join(root, 'dist', 'main.js'), 'export {};\n');
    expect(entry(root, { VPSOPS_FROM_SOURCE: '1' })).toBe('source');
  });
});

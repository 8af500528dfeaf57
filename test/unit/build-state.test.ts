import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain-JS launcher helper without type declarations
import { buildIsCurrent } from '../../bin/build-state.js';

const isCurrent = buildIsCurrent as (root: string) => boolean;
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

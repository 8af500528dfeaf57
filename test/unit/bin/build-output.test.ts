// The bundle as V8 holds it: every chunk of `npm run build` is Latin-1 throughout, so its source
// (kept in the heap for as long as the process runs) takes one byte per character, not two.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

const outdir = mkdtempSync(join(tmpdir(), 'vpsops-build-output-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the build output', () => {
  it('holds no character above U+00FF in any chunk', { timeout: 120_000 }, () => {
    execFileSync(process.execPath, ['bin/build.js', '--quiet', '--outdir', outdir], { stdio: 'pipe' });
    const chunks = readdirSync(outdir).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(3);
    const wide = chunks.flatMap((file) => {
      const text = readFileSync(join(outdir, file), 'utf8');
      const at = [...text].findIndex((char) => char.codePointAt(0)! > 0xff);
      return at === -1
        ? []
        : [`${file}: ${JSON.stringify([...text].slice(Math.max(0, at - 40), at + 10).join(''))}`];
    });
    expect(wide).toEqual([]);
  });
});

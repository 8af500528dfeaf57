// Many processes starting together on a data dir whose lock was left by a dead process: exactly
// one of them takes the dir, every time (child processes racing on the same instants).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/store/embedded/data-dir-lock.js';

const CONTENDER = fileURLToPath(new URL('../support/race-data-dir.ts', import.meta.url));
const CONTENDERS = 6;
const TRIALS = 40;
const STEP_MS = 60;
// No process has this pid (above Linux's pid_max), so the lock is stale.
const DEAD_PID = 99_999_999;

function lines(child: { stdout: Readable }): AsyncIterator<string> {
  return createInterface({ input: child.stdout })[Symbol.asyncIterator]();
}

describe('data dir lock under a start-up race', () => {
  it('gives a stale-locked dir to exactly one of many processes starting at once', async () => {
    const base = await mkdtemp(join(tmpdir(), 'vpsops-lock-race-'));
    const stale = JSON.stringify({
      pid: DEAD_PID,
      host: hostname(),
      mode: 'serve',
      since: '2026-01-01T00:00:00Z',
    });
    for (let trial = 0; trial < TRIALS; trial += 1) {
      await mkdir(join(base, String(trial)));
      await writeFile(join(base, String(trial), LOCK_FILE), stale);
    }
    // The contender and the lock code it runs, bundled once into plain JavaScript: six processes
    // starting through tsx each spent seconds of CPU loading the sources before the race began.
    const contender = join(base, 'contender.mjs');
    await build({
      entryPoints: [CONTENDER],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: contender,
      logLevel: 'warning',
      // Bundled CommonJS dependencies call require(); an ES module has none of its own.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    });
    const children = Array.from({ length: CONTENDERS }, () =>
      spawn(process.execPath, [contender, base, String(TRIALS), String(STEP_MS)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    try {
      const outputs = children.map(lines);
      for (const output of outputs) expect((await output.next()).value).toBe('ready');
      const start = Date.now() + 300;
      for (const child of children) child.stdin.end(`${start}\n`);
      const won = await Promise.all(
        outputs.map(async (output) => JSON.parse(String((await output.next()).value)) as number[]),
      );
      const winners = Array.from(
        { length: TRIALS },
        (_, trial) => won.filter((w) => w.includes(trial)).length,
      );
      expect(winners).toEqual(Array.from({ length: TRIALS }, () => 1));
      for (let trial = 0; trial < TRIALS; trial += 1) {
        const lock = JSON.parse(await readFile(join(base, String(trial), LOCK_FILE), 'utf8')) as {
          pid: number;
        };
        const winner = won.findIndex((w) => w.includes(trial));
        expect(lock.pid).toBe(children[winner]!.pid);
      }
    } finally {
      for (const child of children) {
        if (child.exitCode === null) {
          child.kill('SIGKILL');
          await once(child, 'exit');
        }
      }
      await rm(base, { recursive: true, force: true });
    }
  }, 120_000);
});

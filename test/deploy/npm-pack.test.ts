// The package as npm ships it: `npm pack` in a copy of this checkout (its `prepare` builds dist/),
// the tarball installed into an empty project as a dependency (production dependencies only, from
// npm's cache where it can), then the package's `vpsops simulator` in its own process and
// `npx vpsops exec` against it. An installed package has no sources and no tsx: it must ship a built dist/.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { childReaper } from '../support/cleanup.js';
import { waitFor } from '../support/wait-for.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const base = mkdtempSync(join(tmpdir(), 'vpsops-pack-'));
const children = childReaper();
afterAll(async () => {
  await children.reap();
  rmSync(base, { recursive: true, force: true });
});

/** A copy of the checkout's tracked files, with its node_modules linked in (the build needs esbuild). */
async function checkoutCopy(): Promise<string> {
  const copy = join(base, 'checkout');
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

describe('npm pack, installed as a dependency', () => {
  it('runs `npx vpsops exec` against its own `vpsops simulator`', { timeout: 300_000 }, async () => {
    const copy = await checkoutCopy();
    const { stdout: packed } = await run('npm', ['pack', '--pack-destination', base], { cwd: copy });
    const tarball = join(base, packed.trim().split('\n').at(-1)!);
    const project = join(base, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'ops-scripts', private: true }));
    await run('npm', ['install', tarball, '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
      timeout: 240_000,
    });
    const env = { PATH: process.env.PATH ?? '', HOME: project, LOG_LEVEL: 'silent' };

    // What `npx vpsops` runs, started directly: killing npx would leave its child running.
    const bin = join(project, 'node_modules', '.bin', 'vpsops');
    const simulator = children.track(
      spawn(bin, ['simulator', '--port', '0', '--api-key', 'pack-sim-key-0123'], {
        cwd: project,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let said = '';
    simulator.stdout.on('data', (c: Buffer) => (said += c.toString('utf8')));
    simulator.stderr.on('data', (c: Buffer) => (said += c.toString('utf8')));
    const url = await waitFor(
      () =>
        /simulator on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(said)?.[1] ??
        (simulator.exitCode !== null && 'exited'),
      'the packaged simulator to listen',
      60_000,
    );
    expect(url, said).toMatch(/^http/);

    const exec = await run('npx', ['vpsops', 'exec', 'instance show web-1'], {
      cwd: project,
      env: {
        ...env,
        HOSTING_API_URL: url,
        HOSTING_API_KEY: 'pack-sim-key-0123',
        VPSOPS_DATA_DIR: join(project, 'data'),
      },
    });
    expect(exec.stdout).toMatch(/web-1/);
  });
});

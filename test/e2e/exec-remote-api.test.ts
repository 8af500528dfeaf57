// `vpsops exec` against a hosting API in its own process (`vpsops simulator`), as a script would run
// it: nothing else in the exec process keeps its event loop alive, so `--wait` must hold it open
// itself and still follow the operation to its end (exit 0, the outcome line, one JSON document).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { childReaper, stopAll } from '../support/cleanup.js';
import { createCliWorld } from '../support/console-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');
const API_KEY = 'exec-remote-test-key';
const FAST = { VPSOPS_TRACK_POLL_MIN_MS: '200', VPSOPS_TRACK_POLL_MAX_MS: '400' };

const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
const children = childReaper();
let apiUrl = '';

/** Starts `vpsops simulator` on a free port; resolves with its base URL once it listens. */
function startSimulatorProcess(): Promise<string> {
  const child = children.track(
    spawn(process.execPath, [BIN, 'simulator', '--port', '0', '--api-key', API_KEY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: world.dir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /Hosting API simulator on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}) before listening: ${out}`)));
    child.once('error', reject);
  });
}

beforeAll(async () => {
  apiUrl = await startSimulatorProcess();
}, 60_000);
afterAll(() =>
  stopAll(
    () => children.reap(),
    () => world.remove(),
  ),
);

const remote = (extra: Record<string, string> = {}) => ({
  env: { HOSTING_API_URL: apiUrl, HOSTING_API_KEY: API_KEY, ...FAST, ...extra },
});

describe('vpsops exec against a hosting API in its own process', { timeout: 90_000 }, () => {
  it('--wait follows a stop to its end and exits 0 with the outcome line', async () => {
    const uuid = SEED_IDS.instances.web1;
    const run = await world.run(['exec', `instance stop ${uuid}`, '--confirm', 'web-1', '--wait'], remote());
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Stop requested');
    expect(run.stdout).toMatch(/web-1 is Stopped/);
    expect(run.code).toBe(0);
  });

  it('--wait --json prints one JSON document with outcome "done" and exit 0', async () => {
    const uuid = SEED_IDS.instances.web2;
    const run = await world.run(
      ['exec', `instance stop ${uuid}`, '--confirm', 'web-2', '--wait', '--json'],
      remote(),
    );
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ exitCode: 0, outcome: 'done' });
    expect(doc.result).toMatch(/web-2 is Stopped/);
  });
});

// `vpsops exec` against a hosting API in its own process (`vpsops simulator`), as a script would run
// it: nothing else in the exec process keeps its event loop alive, so `--wait` must hold it open
// itself and still follow the operation to its end (exit 0, the outcome line, one JSON document).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
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
// A second API, in this test's process (not exec's), whose faults can be injected.
let faulty: SimulatorHandle;

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
  faulty = await startSimulator({ apiKey: API_KEY });
}, 60_000);
afterAll(() =>
  stopAll(
    () => children.reap(),
    () => faulty?.close(),
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
    expect(doc).toMatchObject({ exitCode: 0, outcome: 'done', errors: '' });
    expect(doc.text).toMatch(/web-2 is Stopped/);
    expect(doc.auditId).toMatch(/^[0-9a-f-]{36}$/);
    // A change: what was requested, the API's answer (its own field names) and how it ended.
    expect(doc.data).toMatchObject({
      requested: { command: 'instance stop' },
      response: { uuid, hostname: 'web-2' },
      outcome: 'done',
    });
  });

  it('--json of a read gives the parsed API object as data, with the API field names', async () => {
    const uuid = SEED_IDS.instances.db1;
    const run = await world.run(['exec', `instance show ${uuid}`, '--json'], remote());
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { data: Record<string, unknown>; outcome: string; text: string };
    expect(doc.outcome).toBe('ok');
    expect(doc.data.hostname).toBe('db-1');
    expect(doc.data.status).toBe('Running');
    expect(doc.text).toContain('db-1');
  });

  it('--json prints a start-up (configuration) error as JSON too, exit 2', async () => {
    const run = await world.run(
      ['exec', 'instance show web-1', '--json'],
      remote({ HOSTING_API_TIMEOUT_MS: 'soon' }),
    );
    expect(run.code).toBe(2);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ exitCode: 2, outcome: 'usage-error', data: null, auditId: null });
    expect(doc.errors).toMatch(/configuration error: .*HOSTING_API_TIMEOUT_MS/);
  });

  it('exits 5 with outcome "unknown" when the stop may or may not have happened', async () => {
    // The API stops the server, then the connection drops before it answers.
    faulty.faults.inject({ endpoint: 'instance.stop', kind: 'reset', applied: true, times: 2 });
    const uuid = SEED_IDS.instances.web1;
    const env = { env: { HOSTING_API_URL: faulty.url, HOSTING_API_KEY: API_KEY, ...FAST } };
    const json = await world.run(['exec', `instance stop ${uuid}`, '--confirm', uuid, '--json'], env);
    expect(json.code).toBe(5);
    const doc = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ exitCode: 5, outcome: 'unknown' });
    expect(doc.errors).toMatch(/Do not run it again blindly/);
    const other = SEED_IDS.instances.db1;
    const text = await world.run(['exec', `instance stop ${other}`, '--confirm', other], env);
    expect(text.stderr).toMatch(/may or may not have happened/);
    expect(text.code).toBe(5);
  });
});

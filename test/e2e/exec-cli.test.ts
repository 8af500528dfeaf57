// `vpsops exec` as a script would run it: a real child process, the embedded simulator (fresh in
// every process, so state is checked through the command's own output), exit codes 0/1/2/3.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../support/cleanup.js';
import { CONSOLE_POLICY } from '../support/console-session.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');
const dir = mkdtempSync(join(tmpdir(), 'vpsops-exec-e2e-'));
const policyPath = join(dir, 'policy.yaml');
writeFileSync(policyPath, CONSOLE_POLICY);
let runs = 0;

// A test that times out leaves its child running: killed here.
const children = childReaper();
afterAll(() =>
  stopAll(
    () => children.reap(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with a clean environment: no real API, no chat platforms, own data dir. */
function vpsops(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  runs += 1;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    VPSOPS_DATA_DIR: join(dir, `data-${runs}`),
    VPSOPS_POLICY: policyPath,
    VPSOPS_CONSOLE_USER: 'alice',
    LOG_LEVEL: 'silent',
    ...extraEnv,
  };
  return new Promise((resolve, reject) => {
    const child = children.track(
      spawn(process.execPath, [BIN, ...args], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A 127.0.0.1 port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.concurrent('vpsops exec', { timeout: 60_000 }, () => {
  it('prints a read command and exits 0', async () => {
    const run = await vpsops(['exec', 'instance show web-1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/web-1/);
    expect(run.stdout).toMatch(/Running/);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('exits 2 with "did you mean" for an unknown command', async () => {
    const run = await vpsops(['exec', '/vps instance stpo web-1']);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toMatch(/did you mean `instance stop`/i);
  });

  it('prints the preview, changes nothing and exits 3 without --confirm', async () => {
    const run = await vpsops(['exec', 'instance stop web-1']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/Stop web-1\?/);
    expect(run.stdout).toMatch(/Running/);
    expect(run.stdout).not.toMatch(/Stop requested/);
    expect(run.stderr).toMatch(/--confirm/);
  });

  it('refuses a --confirm that names another instance and runs nothing', async () => {
    const run = await vpsops(['exec', 'instance delete web-1', '--confirm', 'web-2']);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(/does not match/);
    expect(run.stdout + run.stderr).not.toMatch(/Delete requested/);
  });

  it('runs a destructive command when --confirm names its target, flags unquoted', async () => {
    const run = await vpsops(['exec', 'instance', 'delete', 'web-1', '--remove-ip', '--confirm', 'web-1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Delete requested for web-1/);
    expect(run.stdout).toMatch(/public IP released/);
  });

  it('exits 1 with a clear message when the hosting API cannot be reached, never showing the key', async () => {
    const key = 'sk_test_do_not_print_4242';
    const run = await vpsops(['exec', `instance show ${'7995e990-c3bf-4e27-8ce2-89fd5783f9ea'}`], {
      HOSTING_API_URL: `http://127.0.0.1:${await closedPort()}/v1`,
      HOSTING_API_KEY: key,
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/could not be reached/);
    expect(run.stdout + run.stderr).not.toContain(key);
  });

  it('refuses to watch a uuid the API does not know, stores nothing and exits non-zero', async () => {
    const dataDir = join(dir, 'watch-unknown');
    const unknown = '0e0e0e0e-0000-4000-8000-000000000000';
    const run = await vpsops(['exec', `watch ${unknown}`], { VPSOPS_DATA_DIR: dataDir });
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(`No instance ${unknown} on this account`);
    const list = await vpsops(['exec', 'watches'], { VPSOPS_DATA_DIR: dataDir });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/No watches here/);
  });

  it('exits 2 with one line and no stack trace when the API URL has no key', async () => {
    const run = await vpsops(['exec', 'help'], { HOSTING_API_URL: 'http://127.0.0.1:9/v1' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/HOSTING_API_KEY is missing/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

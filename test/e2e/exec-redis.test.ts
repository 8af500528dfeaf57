// `vpsops exec` with REDIS_URL: processes sharing one data dir run side by side (no data-dir lock,
// the state and audit trail are in Redis under the prefix), and an unreachable Redis stops the
// process with one clear line that never shows the URL's password.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../support/cleanup.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');
const dir = mkdtempSync(join(tmpdir(), 'vpsops-exec-redis-'));
const policyPath = join(dir, 'policy.yaml');
writeFileSync(policyPath, CONSOLE_POLICY);
let server: TestRedisServer;

beforeAll(async () => {
  server = await startRedisServer();
});
// A test that times out leaves its child running: killed here, before Redis stops.
const children = childReaper();
afterAll(() =>
  stopAll(
    () => children.reap(),
    () => server?.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

function vpsops(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = children.track(
    spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        VPSOPS_DATA_DIR: join(dir, 'data'),
        VPSOPS_POLICY: policyPath,
        VPSOPS_CONSOLE_USER: 'alice',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('vpsops exec on Redis', { timeout: 60_000 }, () => {
  it('lets two processes over one data dir run at once, keeping state and audit in Redis', async () => {
    const env = { REDIS_URL: server.url, VPSOPS_REDIS_PREFIX: 'exec:' };
    const runs = await Promise.all([vpsops(['exec', 'instance show web-1'], env), vpsops(['exec', 'instance show web-2'], env)]);
    for (const run of runs) {
      expect(run.stderr).not.toMatch(/in use by another vpsops process/);
      expect(run.code).toBe(0);
    }
    expect(runs[0]!.stdout).toMatch(/web-1/);
    const raw = new Redis(server.url);
    try {
      expect(await raw.xlen('exec:audit')).toBe(2);
      expect(await raw.hlen('exec:h:host')).toBeGreaterThan(0);
      expect((await raw.keys('*')).every((key) => key.startsWith('exec:'))).toBe(true);
    } finally {
      raw.disconnect();
    }
  });

  it('stops with one clear line when Redis cannot be reached, without showing the password', async () => {
    const gone = await startRedisServer();
    await gone.stop();
    const run = await vpsops(['exec', 'instance show web-1'], { REDIS_URL: `redis://bot:hunter2-secret@127.0.0.1:${gone.port}/0` });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/state store is unreachable: cannot connect to redis:\/\/.*127\.0\.0\.1/);
    expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
  });
});

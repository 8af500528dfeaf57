// The console's log file (`<dataDir>/vpsops.log`, advertised in the banner) receives the app's
// warnings and errors — here a hosting API that cannot be reached — and never the API key.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createCliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';

const world = createCliWorld(CONSOLE_POLICY);
afterAll(() => world.remove());

/** A 127.0.0.1 port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('console log file', { timeout: 60_000 }, () => {
  it('writes a hosting API failure to vpsops.log without the API key', async () => {
    const key = 'sk_test_never_in_logs_9191';
    const dataDir = join(world.dir, 'logged');
    const run = await world.run(['console'], {
      dataDir,
      stdin: `instance show ${SEED_IDS.instances.web1}\nexit\n`,
      env: {
        HOSTING_API_URL: `http://127.0.0.1:${await closedPort()}/v1`,
        HOSTING_API_KEY: key,
        LOG_LEVEL: 'info',
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/could not be reached/);
    const log = readFileSync(join(dataDir, 'vpsops.log'), 'utf8');
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(lines.some((line) => line.msg === 'hosting API call failed' && line.level >= 40)).toBe(true);
    expect(log).not.toContain(key);
    expect(run.stdout + run.stderr).not.toContain(key);
  });
});

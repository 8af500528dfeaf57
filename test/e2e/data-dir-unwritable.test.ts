// A data dir that cannot be written (here: a path below a plain file, which even root cannot create)
// stops exec and serve at start with a configuration error naming VPSOPS_DATA_DIR and the path —
// never a misleading failure later (with Redis, serve used to start and then time out on charts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { freePort } from '../support/free-port.js';

const world = createCliWorld(CONSOLE_POLICY);
afterAll(() => world.remove());
const blocker = join(world.dir, 'not-a-dir');
writeFileSync(blocker, '');
const dataDir = join(blocker, 'data');
const refusal = `VPSOPS_DATA_DIR=${dataDir} cannot be written (ENOTDIR)`;

describe.concurrent('an unwritable data dir', { timeout: 60_000 }, () => {
  it('stops exec at start, naming the variable and the path', async () => {
    const run = await world.run(['exec', 'instance show web-1'], { dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`configuration error: ${refusal}`);
    expect(run.stdout).toBe('');
  });

  it('stops serve on Redis at start too, before it listens or asks Redis', async () => {
    const run = await world.run(['serve'], {
      dataDir,
      env: {
        HOSTING_API_URL: 'simulator',
        SLACK_BOT_TOKEN: 'test-slack-bot-token',
        SLACK_SIGNING_SECRET: 'unwritable-data-dir-secret',
        // Nothing listens there: the refusal must come first.
        REDIS_URL: 'redis://127.0.0.1:9/0',
        PORT: String(await freePort()),
      },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(refusal);
  });
});

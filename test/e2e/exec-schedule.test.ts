// `vpsops exec "schedule …"` against the embedded store: no `vpsops serve` can be using that data
// dir (one process per data dir), so nothing would run the schedule — exec says so, stores nothing,
// and the command's preview is not even shown.
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';

const world = createCliWorld(CONSOLE_POLICY);
afterAll(() => world.remove());

describe('vpsops exec schedule on the embedded store', { timeout: 60_000 }, () => {
  it('refuses to schedule: no serve runs schedules on this store', async () => {
    const run = await world.run(['exec', 'schedule in 30m instance stop web-1', '--confirm', 'web-1']);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('Nothing would run it');
    expect(run.stdout + run.stderr).toContain('REDIS_URL');
    expect(run.stdout + run.stderr).not.toMatch(/Scheduled:|Stop requested/);
    const listed = await world.run(['exec', 'schedules']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Nothing scheduled here');
  });
});

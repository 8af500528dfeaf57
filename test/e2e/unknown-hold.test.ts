// After an unknown outcome the server is held for that action: a repeat at once is refused, naming
// the earlier attempt (who, when, what to check) with a Check now button, until the bot learns the
// outcome — the server's detail shows no operation in progress — and exec exits 1 meanwhile.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { stopAll } from '../support/cleanup.js';
import { ACTORS, startHarness, type Harness } from '../support/command-harness.js';
import { createCliWorld } from '../support/console-cli.js';

const { instances, backups } = SEED_IDS;
const RESTORE = `backup restore web-1 ${backups.web1Latest}`;

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
}, 60_000);

/** A harness whose restores run for a minute, and whose first restore call resets after it was applied. */
async function restoreLeftUnknown(): Promise<Harness> {
  const h = (harness = await startHarness({ timing: { restoreMs: 60_000 } }));
  h.sim.faults.inject({ endpoint: 'backup.restore', kind: 'reset', applied: true, times: 1 });
  const preview = await h.run(RESTORE, ACTORS.operator);
  const out = await h.confirm(preview.token!, ACTORS.operator);
  expect(out.message.title).toBe('Outcome unknown');
  return h;
}

describe('a repeat after an unknown outcome', { timeout: 60_000 }, () => {
  it('is refused at once, naming the earlier attempt, with Check now — and no second request is sent', async () => {
    const h = await restoreLeftUnknown();
    const again = await h.run(RESTORE, ACTORS.operator2);
    expect(again.token).toBeUndefined();
    expect(again.message.title).toBe('Earlier attempt’s outcome unknown');
    expect(again.text).toMatch(
      /web-1 is held: `backup restore` by @oscar at \d\d:\d\d:\d\d UTC has no known outcome yet — nothing was done/,
    );
    expect(again.text).toContain('`instance show web-1`');
    expect(again.text).toMatch(/at most until \d\d:\d\d:\d\d UTC/);
    expect(again.message.actions).toEqual([
      { label: 'Check now', command: `outcome check ${instances.web1}` },
    ]);
    expect(h.sim.countRequests('backup.restore')).toBe(1);
    // Other actions on the server, and reads, are not held.
    expect((await h.run('instance show web-1', ACTORS.operator)).message.title).toBe('web-1');
  });

  it('refuses a card opened before the outcome went unknown, too', async () => {
    const h = (harness = await startHarness({ timing: { restoreMs: 60_000 } }));
    const earlier = await h.run(RESTORE, ACTORS.operator2);
    h.sim.faults.inject({ endpoint: 'backup.restore', kind: 'reset', applied: true, times: 1 });
    const preview = await h.run(RESTORE, ACTORS.operator);
    expect((await h.confirm(preview.token!, ACTORS.operator)).message.title).toBe('Outcome unknown');
    const late = await h.confirm(earlier.token!, ACTORS.operator2);
    expect(late.text).toContain('has no known outcome yet');
    expect(h.sim.countRequests('backup.restore')).toBe(1);
  });

  it('Check now keeps the hold while an operation shows, and lifts it once none does; then the repeat runs', async () => {
    const h = await restoreLeftUnknown();
    const still = await h.run(`outcome check ${instances.web1}`, ACTORS.viewer);
    expect(still.text).toContain('web-1 still shows an operation in progress (Restoring)');
    expect((await h.run(RESTORE, ACTORS.operator)).token).toBeUndefined();

    h.sim.state.setStatus(instances.web1, 'Running');
    const lifted = await h.run(`outcome check ${instances.web1}`, ACTORS.viewer);
    expect(lifted.text).toContain(
      'No operation is in progress on web-1: `backup restore` is no longer held.',
    );
    const repeat = await h.run(RESTORE, ACTORS.operator);
    expect(repeat.token).toBeDefined();
    await h.confirm(repeat.token!, ACTORS.operator);
    expect(h.sim.countRequests('backup.restore')).toBe(2);
  });

  it('is lifted without Check now when the repeat finds the server idle', async () => {
    const h = await restoreLeftUnknown();
    h.sim.state.setStatus(instances.web1, 'Running');
    expect((await h.run(RESTORE, ACTORS.operator)).token).toBeDefined();
  });
});

describe('exec, after an unknown outcome', { timeout: 120_000 }, () => {
  const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
  let api: SimulatorHandle | undefined;
  afterAll(() =>
    stopAll(
      () => api?.close(),
      async () => world.remove(),
    ),
  );

  it('exits 5, then refuses the same command at once with exit 1, naming the earlier attempt', async () => {
    api = await startSimulator({ apiKey: 'hold-key', timing: { restoreMs: 120_000 } });
    api.faults.inject({ endpoint: 'backup.restore', kind: 'reset', applied: true, times: 1 });
    const options = {
      dataDir: `${world.dir}/hold-data`,
      env: { HOSTING_API_URL: api.url, HOSTING_API_KEY: 'hold-key' },
    };
    const first = await world.run(['exec', RESTORE, '--confirm', 'web-1'], options);
    expect(first.code, first.stderr).toBe(5);
    const again = await world.run(['exec', RESTORE, '--confirm', 'web-1'], options);
    expect(again.code).toBe(1);
    expect(again.stdout + again.stderr).toContain('has no known outcome yet');
    expect(again.stdout + again.stderr).toContain('@alice');
    expect(again.stdout + again.stderr).toContain(`outcome check ${instances.web1}`);
    expect(api.countRequests('backup.restore')).toBe(1);
  });
});

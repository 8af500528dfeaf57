// `vpsops exec` around confirmations and hostnames: a fresh data dir knows the seeded hostnames,
// a preview ends with the exact command to run, --confirm mistakes say what was expected, and
// exec never inherits the console's `use` binding.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createCliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';

/** Admin console users and no aliases: hostnames can only come from what the bot learned. */
const NO_ALIASES = `roles:
  admin: ["console:alice"]
  viewer: ["*"]
`;
const world = createCliWorld(NO_ALIASES);
const aliased = createCliWorld(CONSOLE_POLICY);
afterAll(() => {
  world.remove();
  aliased.remove();
});

describe.concurrent('vpsops exec confirmations and hostnames', { timeout: 60_000 }, () => {
  it('shows web-1 by hostname on a fresh data dir with no aliases', async () => {
    const run = await world.run(['exec', 'instance show web-1']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/web-1/);
    expect(run.stdout).toContain(SEED_IDS.instances.web1);
  });

  it('ends a preview with the exact command to run instead of a button hint', async () => {
    const run = await world.run(['exec', 'instance stop web-1']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/Stop web-1\?/);
    expect(run.stdout + run.stderr).not.toMatch(/Awaiting confirmation/);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'Nothing was changed. To do it, run: vpsops exec "instance stop web-1" --confirm web-1',
    );
  });

  it('says what --confirm must name and exits 3 when it names another instance', async () => {
    const run = await world.run(['exec', 'instance stop web-1', '--confirm', 'web-2']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/--confirm must name web-1 \(or its uuid\)/);
    expect(run.stdout + run.stderr).not.toMatch(/try again until the confirmation expires|Stop requested/);
  });

  it('asks for --confirm outside the quotes when it was typed inside them', async () => {
    const run = await world.run(['exec', 'instance stop web-1 --confirm web-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'put --confirm outside the quotes: vpsops exec "instance stop web-1" --confirm web-1',
    );
    expect(run.stdout).not.toMatch(/Stop requested/);
  });

  it('names an unknown exec option instead of calling the command unknown', async () => {
    const run = await world.run(['exec', 'instance show web-1', '--bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'Unknown option --bogus for exec (options: --confirm, --as, --wait, --json, --locale)',
    );
    expect(run.stderr).not.toMatch(/Unknown command/);
  });

  it('refuses an --as that looks like a chat identity and changes nothing', async () => {
    const run = await world.run(['exec', 'instance stop web-1', '--as', 'slack:U1', '--confirm', 'web-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--as takes a console user name');
    expect(run.stdout).not.toContain('stopped web-1');
  });

  it('does not let a console `use web-1` pick the target of exec', async () => {
    const dataDir = join(aliased.dir, 'shared');
    const consoleRun = await aliased.run(['console'], {
      dataDir,
      stdin: 'use web-1\ninstance stop\nn\nexit\n',
    });
    expect(consoleRun.code).toBe(0);
    expect(consoleRun.stdout).toMatch(/Stop web-1\?/);
    const run = await aliased.run(['exec', 'instance stop'], { dataDir });
    expect(run.code).toBe(2);
    expect(run.stdout).not.toMatch(/Stop web-1\?/);
  });
});

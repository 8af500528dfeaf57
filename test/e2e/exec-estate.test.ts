// `vpsops exec "instance list"` and `"billing balance"` as a script runs them, against the simulator
// in its own process (`vpsops simulator --instances 230`: three pages of 100), and against one that
// does not offer E3/E4 (`--without E3,E4`): exit 1 and a plain sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../support/cleanup.js';
import { createCliWorld, type CliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';
import { startSimulatorProcess as startSimulator } from '../support/simulator-process.js';

const API_KEY = 'sim-estate-key';
const children = childReaper();

const startSimulatorProcess = (args: string[]) => startSimulator(children, API_KEY, args);

describe('exec against a separate simulator process', { timeout: 90_000 }, () => {
  let world: CliWorld;
  let full: string;
  let bare: string;
  beforeAll(async () => {
    world = createCliWorld(CONSOLE_POLICY);
    [full, bare] = await Promise.all([
      startSimulatorProcess(['--instances', '230']),
      startSimulatorProcess(['--without', 'E3,E4']),
    ]);
  }, 60_000);
  afterAll(() =>
    stopAll(
      () => children.reap(),
      () => world?.remove(),
    ),
  );

  const exec = (url: string, command: string) =>
    world.run(['exec', command], { env: { HOSTING_API_URL: url, HOSTING_API_KEY: API_KEY } });

  it('instance list shows all 230 servers from three pages, sorted, with the counts', async () => {
    const run = await exec(full, 'instance list');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('230 servers · 205 Running · 24 Stopped · 1 Error');
    const hostnames = [...run.stdout.matchAll(/^(\S+)\s+(?:Running|Stopped|Error)\s/gm)].map((m) => m[1]);
    expect(hostnames).toHaveLength(230);
    expect(hostnames.slice(0, 3)).toEqual(['cache-1', 'db-1', 'node-006']);
    expect(hostnames.slice(-3)).toEqual(['web-1', 'web-2', 'worker-1']);
  });

  it('filters by status and by hostname', async () => {
    const broken = await exec(full, 'instance list --status Error,Stopped');
    expect(broken.code).toBe(0);
    expect(broken.stdout).toContain('25 servers · 24 Stopped · 1 Error');
    expect(broken.stdout).not.toMatch(/\sRunning\s/);
    const web = await exec(full, 'instance list --search web-');
    expect(web.stdout).toContain('2 servers · 2 Running');
    expect(web.stdout).toMatch(/^web-1\s+Running\s+Jakarta\s+203\.0\.113\.10\s/m);
  });

  it('bad input is a usage error (exit 2) naming what is valid', async () => {
    const status = await exec(full, 'instance list --status Sleeping');
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('Valid statuses: Running, Stopped');
    expect((await exec(full, 'instance list --page 0')).code).toBe(2);
  });

  it('billing balance shows the balance and the runway', async () => {
    const run = await exec(full, 'billing balance');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Current balance\s+IDR [\d,]+/);
    expect(run.stdout).toMatch(/Runway\s+\d+\.\d days/);
    expect(run.stdout).toContain('Runway = balance ÷ (this month’s cost so far ÷ days elapsed this month)');
  });

  it('the simulator refuses an optional endpoint it does not know, or too few servers (exit 2)', async () => {
    const unknown = await world.run(['simulator', '--port', '0', '--without', 'E3,E9']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown optional endpoint 'E9': choose from E1, E2, E3, E4, E5, E6");
    const few = await world.run(['simulator', '--port', '0', '--instances', '2']);
    expect(few.code).toBe(2);
    expect(few.stderr).toContain('must be a whole number 5–10000');
  });

  it('without E3/E4 both say the service does not offer them, exit 1; other commands still work', async () => {
    const list = await exec(bare, 'instance list');
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('The hosting service does not offer an instance list.');
    const balance = await exec(bare, 'billing balance');
    expect(balance.code).toBe(1);
    expect(balance.stderr).toContain('The hosting service does not offer a balance summary.');
    const show = await exec(bare, 'instance show 1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('web-2');
  });
});

// `<command> --help` and `-h` print the command's usage instead of running it or calling it an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/command-harness.js';
import { createCliWorld } from '../support/console-cli.js';

describe('--help and -h after a command', { timeout: 60_000 }, () => {
  let h: Harness;
  const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    world.remove();
  });

  it('shows the usage of a destructive command and runs nothing', async () => {
    const out = await h.run('instance stop web-1 --help');
    expect(out.message.title).toBe('/vps instance stop');
    expect(out.message.outcome).toBe('ok');
    expect(out.token).toBeUndefined();
    expect(h.sim.countRequests('instance.detail')).toBe(0);
    expect(h.sim.countRequests('instance.stop')).toBe(0);
  });

  it('accepts -h, and a quoted "--help" stays an argument', async () => {
    expect((await h.run('backup list -h')).message.title).toBe('/vps backup list');
    const quoted = await h.run('firewall ipset-create web-1 office --description "--help"');
    expect(quoted.message.title).not.toBe('/vps firewall ipset-create');
  });

  it('works in exec with exit 0', async () => {
    const run = await world.run(['exec', 'instance delete --help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('/vps instance delete <instance> [--remove-ip] [--remove-block-storage]');
  });
});

// `audit --all-channels` from the console and exec: an admin sees what happened in every channel
// (here the console's and exec's), with the filters applied across them; a non-admin is refused.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';

const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
afterAll(() => world.remove());

describe('console audit --all-channels', { timeout: 90_000 }, () => {
  it('lists every channel for an admin, filtered, and refuses a viewer', async () => {
    const dataDir = join(world.dir, 'shared');
    const stopped = await world.run(['exec', 'instance stop web-1', '--confirm', 'web-1'], { dataDir });
    expect(stopped.code, stopped.stderr).toBe(0);

    const session = await world.run(['console'], {
      dataDir,
      stdin:
        'whoami\naudit\naudit --all-channels --changes-only\naudit --all-channels --command whoami\nexit\n',
    });
    const [, , here = '', changes = '', whoami = ''] = session.stdout.split('vps> ');
    expect(here).toContain('whoami');
    expect(here).not.toContain('instance stop');
    expect(changes).toContain('Audit — 2 changes in any channel');
    // At 80 columns (piped output) long cells wrap inside their column.
    expect(changes).toMatch(/^\d\d:\d\d:\d\d\s+console:exec\s+alice\s.*instance stop\s+web-1\s+ok/m);
    expect(changes).not.toContain('whoami');
    expect(whoami).toContain('console:console');
    expect(whoami).not.toContain('instance stop');

    const viaExec = await world.run(['exec', 'audit --all-channels --outcome ok --limit 1'], { dataDir });
    expect(viaExec.code).toBe(0);
    expect(viaExec.stdout).toContain('page 1 of');

    const viewer = await world.run(['console'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'vera' },
      stdin: 'audit --all-channels\nexit\n',
    });
    expect(viewer.stdout).toContain('Only admins can read the audit of every channel');
    expect(viewer.stdout).not.toContain('instance stop');
  });
});

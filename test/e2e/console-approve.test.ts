// Two-person approval in the interactive console: the requester is told the token instead of being
// asked to confirm, cannot approve their own request, and a second admin's `approve <token>` at the
// `vps> ` prompt runs it, with the card and the channel notice saying who approved. The person is
// the OS account: requests here are made from a second account (OTHER_ACCOUNT).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';

const world = createCliWorld(
  `roles:\n  admin: ["console:alice", "console:bob"]\n  operator: ["console:carol"]\n  viewer: ["*"]\napprovals:\n  two_person: ["instance delete"]\n`,
);
afterAll(() => world.remove());

describe('console "approve <token>"', { timeout: 90_000 }, () => {
  it('lets a second admin approve a console request at the prompt, never the requester', async () => {
    const dataDir = join(world.dir, 'shared-console');
    const asked = await world.run(['console'], {
      dataDir,
      stdin: 'instance delete web-2\nexit\n',
      otherAccount: true,
    });
    expect(asked.code).toBe(0);
    expect(asked.stdout).not.toContain('Type web-2 to delete it');
    const token = /`approve ([\w-]{22})`/.exec(asked.stdout)?.[1];
    expect(token, asked.stdout).toBeDefined();
    expect(asked.stdout).toContain('this needs a second person');

    const self = await world.run(['console'], {
      dataDir,
      stdin: `approve ${token}\nweb-2\nexit\n`,
      otherAccount: true,
    });
    expect(self.stdout).toContain('Type web-2 to approve it (or press Enter to cancel): ');
    expect(self.stdout).toContain('needs a second person: an admin other than you must confirm it');

    const operator = await world.run(['console'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'carol' },
      stdin: `approve ${token}\nweb-2\nexit\n`,
    });
    expect(operator.stdout).toContain('Only an admin other than @alice can approve');

    const blank = await world.run(['console'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
      stdin: `approve ${token}\n\nexit\n`,
    });
    expect(blank.stdout).toContain('Not approved — nothing was done');

    const approved = await world.run(['console'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
      stdin: `vps approve ${token}\nweb-2\nexit\n`,
    });
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('Delete requested for web-2');
    expect(approved.stdout).toMatch(/Confirmed by @bob at [\d:]+ UTC · requested by @alice/);
    expect(approved.stdout).toMatch(/» @alice deleted web-2 \(approved by @bob [\d:]+ UTC\)/);

    const again = await world.run(['console'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
      stdin: `approve ${token}\nexit\n`,
    });
    expect(again.stdout).toContain(`No pending request has the token ${token}`);
  });

  it('approves a request made by exec, in the exec channel it was asked in', async () => {
    const dataDir = join(world.dir, 'shared-exec');
    const asked = await world.run(['exec', 'instance delete web-2'], { dataDir, otherAccount: true });
    expect(asked.code).toBe(3);
    const token = /approve ([\w-]{22})/.exec(asked.stderr)?.[1];
    expect(token, asked.stderr).toBeDefined();
    const approved = await world.run(['console'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
      stdin: `approve ${token}\nweb-2\nexit\n`,
    });
    expect(approved.stdout).toContain('Delete requested for web-2');
    expect(approved.stdout).toMatch(/approved by @bob/);
  });
});

// Two-person approval from exec: the requester is told the token and the exact command for the
// approver; the requester cannot approve their own request; another admin can, once. The person
// is the OS account: the requests here are made from a second account (OTHER_ACCOUNT), and a
// second name from the requester's own account is the same person.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';

const world = createCliWorld(
  `roles:\n  admin: ["console:alice", "console:bob", "console:carol", "console:ayu", "console:zed"]\n  viewer: ["*"]\napprovals:\n  two_person: ["instance delete"]\n`,
);
afterAll(() => world.remove());

describe('vpsops exec "approve <token>"', { timeout: 60_000 }, () => {
  it('lets a second admin approve a two-person request, and only once', async () => {
    const dataDir = join(world.dir, 'shared-data');
    const asked = await world.run(['exec', 'instance delete web-2', '--as', 'alice'], {
      dataDir,
      otherAccount: true,
    });
    expect(asked.code).toBe(3);
    const token = /approve ([\w-]{22})/.exec(asked.stderr)?.[1];
    expect(token, asked.stderr).toBeDefined();
    expect(asked.stderr).toContain(`vpsops exec "approve ${token}" --confirm web-2`);

    const self = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2'], {
      dataDir,
      otherAccount: true,
    });
    expect(self.code).toBe(1);
    expect(self.stderr).toContain('needs a second person');

    const wrong = await world.run(['exec', `approve ${token}`, '--confirm', 'web-1'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
    });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('Nothing was changed');

    const approved = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
    });
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('Delete requested for web-2');
    expect(approved.stdout).toContain('approved by @bob');

    const again = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'bob' },
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No pending request has the token ${token}`);
  });

  it('does not let --as approve, so one shell user cannot be both people', async () => {
    const dataDir = join(world.dir, 'as-data');
    const asked = await world.run(['exec', 'instance delete web-2', '--as', 'bob'], {
      dataDir,
      otherAccount: true,
    });
    expect(asked.code).toBe(3);
    const token = /approve ([\w-]{22})/.exec(asked.stderr)?.[1];
    expect(token, asked.stderr).toBeDefined();

    const posing = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2', '--as', 'carol'], {
      dataDir,
      otherAccount: true,
    });
    expect(posing.code).toBe(2);
    expect(posing.stderr).toContain('--as cannot approve');
    expect(posing.stderr).toContain('Nothing was changed');
    expect(posing.stdout).not.toContain('Delete requested');

    // Still pending: the configured identity (VPSOPS_CONSOLE_USER=alice here) of another account approves it.
    const approved = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2'], { dataDir });
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('approved by @alice');
  });

  it('treats two names from one OS account as one person: VPSOPS_CONSOLE_USER=zed cannot approve what ayu asked', async () => {
    const dataDir = join(world.dir, 'one-account');
    const asked = await world.run(['exec', 'instance delete web-2'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'ayu' },
      otherAccount: true,
    });
    expect(asked.code).toBe(3);
    const token = /approve ([\w-]{22})/.exec(asked.stderr)?.[1];
    expect(token, asked.stderr).toBeDefined();

    const zed = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'zed' },
      otherAccount: true,
    });
    expect(zed.code).toBe(1);
    expect(zed.stderr).toContain('needs a second person');
    expect(zed.stdout).not.toContain('Delete requested');

    // The request still waits for another person (another account), who approves it once.
    const other = await world.run(['exec', `approve ${token}`, '--confirm', 'web-2'], {
      dataDir,
      env: { VPSOPS_CONSOLE_USER: 'zed' },
    });
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toContain('approved by @zed');
  });

  it('says plainly when no request has the token', async () => {
    const run = await world.run(['exec', 'approve AAAAAAAAAAAAAAAAAAAAAA', '--confirm', 'web-2']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No pending request has the token AAAAAAAAAAAAAAAAAAAAAA');
  });
});

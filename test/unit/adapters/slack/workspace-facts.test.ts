// The Slack side of the tenant policy: workspace admins (users.info) and user groups
// (usergroups.users.list), cached per workspace; a failed lookup is a "no", remembered briefly.
import { describe, expect, it } from 'vitest';
import {
  slackWorkspaceFacts,
  type SlackDirectoryClient,
} from '../../../../adapters/slack/workspace-facts.js';
import { currentTenant, runInTenant } from '../../../../src/adapter-kit/tenant-context.js';

const person = (userId: string) => ({ platform: 'slack', userId, displayName: userId });

/** `admins` administer their own workspace (whichever asks); `guests` are Slack Connect people from another org, admins there. */
function directory(admins: string[], groups: Record<string, string[]>, guests: Record<string, string> = {}) {
  const calls: string[] = [];
  let failing = false;
  const client: SlackDirectoryClient = {
    users: {
      info: async ({ user }) => {
        calls.push(`users.info ${user}`);
        if (failing) throw new Error('slack down');
        const home = guests[user];
        // users.info answers with the person's home team: the asking workspace's own members have its id.
        const team = home ?? currentTenant()?.id.replace(/^slack:/, '');
        return {
          user: {
            is_admin: admins.includes(user) || home !== undefined,
            is_owner: false,
            ...(team ? { team_id: team } : {}),
            ...(home ? { is_stranger: true } : {}),
          },
        };
      },
    },
    usergroups: {
      users: {
        list: async ({ usergroup }) => {
          calls.push(`usergroups.users.list ${usergroup}`);
          if (failing) throw new Error('slack down');
          return { users: groups[usergroup] ?? [] };
        },
      },
    },
  };
  return { client, calls, fail: (on: boolean) => (failing = on) };
}

describe('slackWorkspaceFacts', () => {
  it('asks once per person and group within the cache time, per workspace', async () => {
    let now = 0;
    const slack = directory(['U0BOSS'], { S0OPS: ['U0A8'] });
    const facts = slackWorkspaceFacts(slack.client, { now: () => now, ttlMs: 1_000 });
    const inA = <T>(work: () => Promise<T>) => runInTenant({ id: 'slack:TA' }, work);
    expect(await inA(() => facts.isAdmin(person('U0BOSS')))).toBe(true);
    expect(await inA(() => facts.isAdmin(person('U0BOSS')))).toBe(true);
    expect(await inA(() => facts.isAdmin(person('U0A8')))).toBe(false);
    expect(await inA(() => facts.inGroup(person('U0A8'), 'S0OPS'))).toBe(true);
    expect(await inA(() => facts.inGroup(person('U0A9'), 'S0OPS'))).toBe(false);
    expect(slack.calls).toEqual(['users.info U0BOSS', 'users.info U0A8', 'usergroups.users.list S0OPS']);
    // Another workspace asks for itself; past the cache time the answer is asked again.
    await runInTenant({ id: 'slack:TB' }, () => facts.isAdmin(person('U0BOSS')));
    now = 1_001;
    await inA(() => facts.isAdmin(person('U0BOSS')));
    expect(slack.calls.filter((c) => c === 'users.info U0BOSS')).toHaveLength(3);
  });

  it('counts a failed lookup as no, and remembers that only briefly', async () => {
    let now = 0;
    const slack = directory(['U0BOSS'], { S0OPS: ['U0A8'] });
    const facts = slackWorkspaceFacts(slack.client, { now: () => now, failureTtlMs: 100 });
    // Asked inside a workspace, as every request in OAuth mode is.
    const inA = <T>(work: () => Promise<T>) => runInTenant({ id: 'slack:TA' }, work);
    slack.fail(true);
    expect(await inA(() => facts.isAdmin(person('U0BOSS')))).toBe(false);
    expect(await inA(() => facts.inGroup(person('U0A8'), 'S0OPS'))).toBe(false);
    slack.fail(false);
    expect(await inA(() => facts.isAdmin(person('U0BOSS')))).toBe(false);
    now = 101;
    expect(await inA(() => facts.isAdmin(person('U0BOSS')))).toBe(true);
    expect(await inA(() => facts.inGroup(person('U0A8'), 'S0OPS'))).toBe(true);
  });

  it("counts no Slack Connect guest as this workspace's admin, whatever their home org says", async () => {
    // U0EXT administers workspace TB; in TA, where it is a Slack Connect guest, it is nobody's admin.
    const slack = directory(['U0BOSS'], {}, { U0EXT: 'TB' });
    const facts = slackWorkspaceFacts(slack.client);
    expect(await runInTenant({ id: 'slack:TA' }, () => facts.isAdmin(person('U0EXT')))).toBe(false);
    expect(await runInTenant({ id: 'slack:TA' }, () => facts.isAdmin(person('U0BOSS')))).toBe(true);
    expect(await runInTenant({ id: 'slack:TB' }, () => facts.isAdmin(person('U0BOSS')))).toBe(true);
  });
});

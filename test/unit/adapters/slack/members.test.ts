// Slack's member syntax for `policy set`: mentions as Slack escapes them, bare ids and user groups
// become stored members; broadcasts, Discord's forms and plain words name nobody.
import { describe, expect, it } from 'vitest';
import { slackMember } from '../../../../adapters/slack/members.js';
import { parseTenantMembers } from '../../../../src/core/index.js';

describe('Slack members', () => {
  it('reads Slack mentions, ids and user groups, without duplicates', () => {
    expect(
      parseTenantMembers('<@U0A9|nia> U0A8 @U0A8 <!subteam^S0OPS|@ops> subteam:S0DBA', slackMember),
    ).toEqual({ ok: true, members: ['user:U0A9', 'user:U0A8', 'group:S0OPS', 'group:S0DBA'] });
  });

  it('reads a mention without its name, and W… (Enterprise Grid) user ids', () => {
    expect(slackMember('<@U0A9>')).toBe('user:U0A9');
    expect(slackMember('<!subteam^S0OPS>')).toBe('group:S0OPS');
    expect(slackMember('W0GRID1')).toBe('user:W0GRID1');
  });

  it('names the first word that is no Slack member', () => {
    expect(parseTenantMembers('U0A9 hello', slackMember)).toEqual({ ok: false, bad: 'hello' });
    expect(parseTenantMembers('role:123', slackMember)).toEqual({ ok: false, bad: 'role:123' });
    expect(parseTenantMembers('<@channel>', slackMember)).toEqual({ ok: false, bad: '<@channel>' });
    expect(parseTenantMembers('<!here>', slackMember)).toEqual({ ok: false, bad: '<!here>' });
  });

  it('refuses ids of the wrong shape: lower case, a user as a group, a snowflake', () => {
    expect(slackMember('u0a9')).toBeNull();
    expect(slackMember('subteam:U0A9')).toBeNull();
    expect(slackMember('<!subteam^U0A9|@x>')).toBeNull();
    expect(slackMember('120000000000000001')).toBeNull();
    expect(slackMember('<@120000000000000001>')).toBeNull();
  });
});

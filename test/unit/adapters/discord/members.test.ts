// Discord's member syntax for `policy set`: user and role mentions and ids (snowflakes) become
// stored members; @everyone, Slack's forms and ids of the wrong shape name nobody.
import { describe, expect, it } from 'vitest';
import { discordMember } from '../../../../adapters/discord/members.js';
import { parseTenantMembers } from '../../../../src/core/index.js';

describe('Discord members', () => {
  it('reads Discord user and role mentions and ids', () => {
    expect(
      parseTenantMembers(
        '<@120000000000000001> <@!120000000000000002> <@&130000000000000001> role:130000000000000002 120000000000000003',
        discordMember,
      ),
    ).toEqual({
      ok: true,
      members: [
        'user:120000000000000001',
        'user:120000000000000002',
        'role:130000000000000001',
        'role:130000000000000002',
        'user:120000000000000003',
      ],
    });
  });

  it('names the first word that is no Discord member', () => {
    expect(parseTenantMembers('subteam:S0OPS', discordMember)).toEqual({ ok: false, bad: 'subteam:S0OPS' });
    expect(parseTenantMembers('@everyone', discordMember)).toEqual({ ok: false, bad: '@everyone' });
    expect(parseTenantMembers('<@U0A9|nia>', discordMember)).toEqual({ ok: false, bad: '<@U0A9|nia>' });
  });

  it('refuses ids that are no snowflake, as a role as well as a user', () => {
    expect(discordMember('<@&123>')).toBeNull();
    expect(discordMember('role:123')).toBeNull();
    expect(discordMember('<@123>')).toBeNull();
    expect(discordMember('1200000000000000000001')).toBeNull();
  });
});

// The policy keys of escalation (issue 24): `oncall` (whom a channel's alert reminders mention) and
// `approvals.notify` (how a two-person request reaches its approvers); bad values stop the bot.
import { describe, expect, it } from 'vitest';
import { POLICY_PLATFORMS } from '../../../../src/app/adapters.js';
import { ConfigError } from '../../../../src/core/errors.js';
import { parsePolicy } from '../../../../src/core/policy/policy-file.js';
import { createPolicy } from '../../../../src/core/policy/policy.js';

const PATHS = ['instance delete', 'instance stop'];
const TEXT = `roles:
  admin: [slack:U012ADMIN, slack:U034ADMIN, discord:123456789012345678, discord-role:223456789012345678, "slack:*"]
approvals:
  two_person: ["instance delete"]
  notify: dm
oncall:
  slack:C0INCIDENT: S0ONCALL1
  discord:112233445566778899: "998877665544332211"
  C0BARE: S0BARE12
`;

const parse = (text: string) => parsePolicy(text, 'p.yaml', PATHS, POLICY_PLATFORMS);

describe('on-call targets and approver notices in the policy file', () => {
  it('gives each channel its on-call team, on its own platform only', () => {
    const policy = createPolicy(parse(TEXT), 'p.yaml');
    expect(policy.oncall('slack', 'C0INCIDENT')).toBe('S0ONCALL1');
    expect(policy.oncall('discord', '112233445566778899')).toBe('998877665544332211');
    expect(policy.oncall('slack', 'C0BARE')).toBe('S0BARE12');
    // A bare id names a Slack group: nothing to mention on Discord.
    expect(policy.oncall('discord', 'C0BARE')).toBeUndefined();
    expect(policy.oncall('slack', 'C0OTHER')).toBeUndefined();
    expect(createPolicy(null, null).oncall('slack', 'C0INCIDENT')).toBeUndefined();
  });

  it('names the admins of a platform as approvers (not "*"), and how they are told', () => {
    const policy = createPolicy(parse(TEXT), 'p.yaml');
    expect(policy.approvers('slack')).toEqual({ users: ['U012ADMIN', 'U034ADMIN'], roles: [], notify: 'dm' });
    expect(policy.approvers('discord')).toEqual({
      users: ['123456789012345678'],
      roles: ['223456789012345678'],
      notify: 'dm',
    });
    const plain = createPolicy(parse('approvals:\n  two_person: ["instance delete"]\n'), 'p.yaml');
    expect(plain.approvers('slack').notify).toBe('channel');
  });

  it.each([
    ['approvals:\n  notify: email\n', 2, 'approvals.notify'],
    ['oncall:\n  slack:C1: "@here"\n', 2, 'Slack user group id'],
    ['oncall:\n  slack:C1: "112233445566778899"\n', 2, 'a Slack channel mentions a user group'],
    ['oncall:\n  discord:1122: S0ONCALL1\n', 2, 'a Slack channel mentions a user group'],
  ])('refuses %j with its line', (text, line, fragment) => {
    let caught: unknown;
    try {
      parse(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toContain(fragment);
    expect((caught as Error).message).toContain(`line ${line}`);
  });
});

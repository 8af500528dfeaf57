import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../src/core/errors.js';
import { POLICY_PLATFORMS } from '../../../../src/app/adapters.js';
import type { Risk } from '../../../../src/core/ports.js';
import { parsePolicy, readPolicyFile } from '../../../../src/core/policy/policy-file.js';
import { createPolicy } from '../../../../src/core/policy/policy.js';
import type { Actor } from '../../../../src/core/ports.js';
import { actors, WEB1 } from '../../../support/core-fakes.js';
import { textIn } from '../../../../src/i18n/translate.js';

const PATHS = ['instance show', 'instance stop', 'instance delete', 'ip add', 'help', 'whoami'];
const FULL = `roles:
  admin: [slack:U012ADMIN, discord:123456789012345678]
  operator: [slack:U034OPS, discord-role:987654321098765432, console:*]
  viewer: ["*"]
channels:
  destructive: [slack:C0INCIDENT, discord:112233445566778899, console:console]  # absent: any channel
approvals:
  two_person: ["instance delete"]
aliases:
  web-1: ${WEB1}
`;

const policy = createPolicy(parsePolicy(FULL, 'p.yaml', PATHS, POLICY_PLATFORMS), 'p.yaml');
const cmd = (risk: Risk, path = `x ${risk}`) => ({ path, risk });

function expectLineError(text: string, line: number, fragment: string) {
  try {
    parsePolicy(text, 'bad.yaml', PATHS, POLICY_PLATFORMS);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('bad.yaml');
    expect((error as Error).message).toContain(`line ${line}`);
    expect((error as Error).message).toContain(fragment);
    return;
  }
  throw new Error('expected a ConfigError');
}

describe('authorization matrix', () => {
  const cases: [string, Actor, Record<Risk, boolean>][] = [
    ['viewer via "*"', actors.bob, { read: true, change: false, destructive: false }],
    ['operator by user id', actors.alice, { read: true, change: true, destructive: true }],
    ['operator by discord role', actors.discordOps, { read: true, change: true, destructive: true }],
    ['admin', actors.admin, { read: true, change: true, destructive: true }],
    ['console:* operator', actors.console, { read: true, change: true, destructive: true }],
  ];
  for (const [name, actor, expected] of cases) {
    it(`grants ${name} exactly the risks of its role in an allowed channel`, () => {
      const channel =
        actor.platform === 'discord'
          ? '112233445566778899'
          : actor.platform === 'console'
            ? 'console'
            : 'C0INCIDENT';
      for (const risk of ['read', 'change', 'destructive'] as Risk[]) {
        expect(policy.authorize(actor, cmd(risk), channel).allowed, `${name} ${risk}`).toBe(expected[risk]);
      }
    });
  }

  it('refuses destructive commands outside the listed channels, but allows change and read', () => {
    const decision = policy.authorize(actors.alice, cmd('destructive', 'instance stop'), 'C0RANDOM');
    expect(decision.allowed).toBe(false);
    expect(!decision.allowed && decision.error.id).toBe('wrong-channel');
    expect(policy.authorize(actors.alice, cmd('change'), 'C0RANDOM').allowed).toBe(true);
    expect(policy.authorize(actors.alice, cmd('read'), 'C0RANDOM').allowed).toBe(true);
  });

  it('denies with a message naming the command and the role', () => {
    const decision = policy.authorize(actors.bob, cmd('destructive', 'instance stop'), 'C0INCIDENT');
    expect(!decision.allowed && decision.error.id).toBe('denied');
    expect(!decision.allowed && decision.error.message).toContain('`instance stop`');
    expect(!decision.allowed && decision.error.message).toContain('your role is viewer');
  });

  it('denies in the asker’s language, English unless told otherwise', () => {
    const english = policy.authorize(actors.bob, cmd('destructive', 'instance stop'), 'C0INCIDENT');
    expect(!english.allowed && english.error.message).toBe(
      'You may not run `instance stop` (a destructive command): your role is viewer.',
    );
    const denied = policy.authorize(actors.bob, cmd('destructive', 'instance stop'), 'C0INCIDENT', 'id');
    expect(!denied.allowed && denied.error.message).toBe(
      'Anda tidak boleh menjalankan `instance stop` (perintah destruktif): peran Anda viewer.',
    );
    const elsewhere = policy.authorize(actors.alice, cmd('destructive', 'instance stop'), 'C0RANDOM', 'id');
    expect(!elsewhere.allowed && elsewhere.error.message).toContain('tidak diizinkan di kanal ini');
    expect(!elsewhere.allowed && elsewhere.error.hint).toBe(
      'Jalankan dari kanal insiden yang tercantum di policy.',
    );
  });

  it('picks the highest matching role', () => {
    const both = createPolicy(
      parsePolicy('roles:\n  operator: ["*"]\n  admin: [slack:U034OPS]\n', 'p', PATHS, POLICY_PLATFORMS),
      'p',
    );
    expect(both.roleOf(actors.alice).role).toBe('admin');
    expect(both.roleOf(actors.bob).role).toBe('operator');
  });

  it('leaves people without a role only help and whoami', () => {
    const strict = createPolicy(
      parsePolicy('roles:\n  operator: [slack:U034OPS]\n', 'p', PATHS, POLICY_PLATFORMS),
      'p',
    );
    expect(strict.roleOf(actors.bob).role).toBeNull();
    expect(strict.authorize(actors.bob, cmd('read', 'instance show'), 'C1').allowed).toBe(false);
    expect(strict.authorize(actors.bob, cmd('read', 'help'), 'C1').allowed).toBe(true);
    expect(strict.authorize(actors.bob, cmd('read', 'whoami'), 'C1').allowed).toBe(true);
  });

  it('marks two-person commands and lets only admins approve', () => {
    expect(policy.isTwoPerson('instance delete')).toBe(true);
    expect(policy.isTwoPerson('instance stop')).toBe(false);
    expect(policy.canApprove(actors.admin)).toBe(true);
    expect(policy.canApprove(actors.alice)).toBe(false);
  });

  it('resolves aliases case-insensitively', () => {
    expect(policy.alias('WEB-1')).toBe(WEB1);
    expect(policy.aliases()).toEqual([{ name: 'web-1', uuid: WEB1 }]);
  });

  it('explains where a role comes from', () => {
    const source = policy.roleOf(actors.discordOps).source;
    expect(textIn('en', source)).toMatch(/^policy .+: discord-role:987654321098765432$/);
    expect(textIn('id', createPolicy(null, null).roleOf(actors.alice).source)).toBe(
      'bawaan: pengguna chat adalah viewer tanpa file policy',
    );
  });
});

describe('defaults without a policy file', () => {
  const defaults = createPolicy(null, null);

  it('makes the console user admin and chat users viewers', () => {
    expect(defaults.roleOf(actors.console).role).toBe('admin');
    expect(defaults.roleOf(actors.alice).role).toBe('viewer');
    expect(defaults.authorize(actors.alice, cmd('destructive'), 'C1').allowed).toBe(false);
    expect(defaults.authorize(actors.console, cmd('destructive'), 'console').allowed).toBe(true);
  });

  it('treats a missing default-path file as no policy, but a missing explicit file as an error', () => {
    expect(readPolicyFile('/nonexistent/vpsops.policy.yaml', false, PATHS, POLICY_PLATFORMS)).toBeNull();
    expect(() => readPolicyFile('/nonexistent/vpsops.policy.yaml', true, PATHS, POLICY_PLATFORMS)).toThrow(
      /not found/,
    );
  });
});

describe('bad policy files', () => {
  it('names the line of a YAML syntax error', () => {
    expectLineError('roles:\n  admin: [slack:U1]\n  viewer: [*]\n', 3, 'YAML syntax error');
    expectLineError('roles:\n  admin: [slack:U1]\n\tviewer: x\n', 3, 'Tabs');
  });

  it('names the line of an unknown role', () => {
    expectLineError('roles:\n  admin: [slack:U1]\n  superuser: [slack:U2]\n', 3, 'unknown role "superuser"');
  });

  it('names the line of a bad alias uuid', () => {
    expectLineError(`aliases:\n  web-1: ${WEB1}\n  web-2: not-a-uuid\n`, 3, 'instance uuids');
  });

  it('names the line of a two_person entry that is not a command', () => {
    expectLineError(
      'approvals:\n  two_person:\n    - instance delete\n    - instance explode\n',
      4,
      '"instance explode" is not a command',
    );
  });

  it('names the line of an unknown top-level key', () => {
    expectLineError('roles:\n  viewer: ["*"]\nrole_overrides: {}\n', 3, 'unknown key "role_overrides"');
  });

  it('names the line of a malformed member', () => {
    expectLineError('roles:\n  viewer:\n    - "*"\n    - U123\n', 4, 'members look like');
  });

  it('accepts an empty file as an empty policy', () => {
    expect(parsePolicy('', 'p', PATHS, POLICY_PLATFORMS).roles).toEqual({
      admin: [],
      operator: [],
      viewer: [],
    });
  });
});

// Per-tenant policy, pure part: typed words read as members with a platform's syntax, and which role
// the tenant grants a person (installer and platform admins are admins, named people, Slack user
// groups and Discord roles, everyone else a viewer); the policy reads it only without a file.
import { describe, expect, it } from 'vitest';
import { POLICY_PLATFORMS } from '../../../../src/app/adapters.js';
import { createPolicy } from '../../../../src/core/policy/policy.js';
import { parsePolicy } from '../../../../src/core/policy/policy-file.js';
import {
  NO_TENANT_ROLES,
  parseTenantMembers,
  tenantRoleOf,
  type MemberSyntax,
  type TenantRoles,
  type WorkspaceFacts,
} from '../../../../src/core/policy/tenant-roles.js';
import type { Actor } from '../../../../src/core/ports.js';
import { textIn } from '../../../../src/i18n/translate.js';
import type { Locale } from '../../../../src/i18n/locale.js';

/** Where the role came from, as `whoami` says it in `locale`. */
const from = (found: { source: Parameters<typeof textIn>[1] }, locale: Locale = 'en') =>
  textIn(locale, found.source);

const slackUser = (userId: string): Actor => ({ platform: 'slack', userId, displayName: userId });
const facts = (over: Partial<WorkspaceFacts> = {}): WorkspaceFacts => ({
  installer: async () => 'U0INSTALL',
  isAdmin: async () => false,
  inGroup: async () => false,
  ...over,
});
const roles = (partial: Partial<TenantRoles['roles']>): TenantRoles => ({
  roles: { ...NO_TENANT_ROLES.roles, ...partial },
});

describe('parseTenantMembers', () => {
  // A platform's syntax as its adapter gives it (adapters/<platform>/members.ts has the real ones).
  const numbered: MemberSyntax = (word) => (/^n(\d+)$/.exec(word) ? `user:${word.slice(1)}` : null);

  it('reads every word with the platform’s syntax, in order and without duplicates', () => {
    expect(parseTenantMembers('  n1 n2\tn1  n3 ', numbered)).toEqual({
      ok: true,
      members: ['user:1', 'user:2', 'user:3'],
    });
  });

  it('names the first word that is no member of this platform', () => {
    expect(parseTenantMembers('n1 hello n2 world', numbered)).toEqual({ ok: false, bad: 'hello' });
    expect(parseTenantMembers('n1', () => null)).toEqual({ ok: false, bad: 'n1' });
  });
});

describe('tenantRoleOf', () => {
  it('makes the installer and the platform’s admins admins, everyone else a viewer', async () => {
    const admins = facts({ isAdmin: async (actor) => actor.userId === 'U0BOSS' });
    const installer = await tenantRoleOf(NO_TENANT_ROLES, slackUser('U0INSTALL'), admins);
    expect(installer.role).toBe('admin');
    expect(from(installer)).toBe('tenant: installed the app');
    const boss = await tenantRoleOf(NO_TENANT_ROLES, slackUser('U0BOSS'), admins);
    expect(boss.role).toBe('admin');
    expect(from(boss)).toBe('tenant: workspace admin');
    const anyone = await tenantRoleOf(NO_TENANT_ROLES, slackUser('U0ANY'), admins);
    expect(anyone.role).toBe('viewer');
    expect(from(anyone)).toBe('tenant: everyone is a viewer by default');
  });

  it('says where the role came from in the reader’s language, and a Discord admin as a server admin', async () => {
    const admins = facts({ isAdmin: async (actor) => actor.userId === '1' || actor.userId === 'U0BOSS' });
    const discordAdmin: Actor = { platform: 'discord', userId: '1', displayName: 'd' };
    // The core names no platform: the caller says Discord calls its tenants servers (its catalogue entry).
    const found = await tenantRoleOf(NO_TENANT_ROLES, discordAdmin, admins, 'server');
    expect(from(found)).toBe('tenant: server admin');
    expect(from(found, 'id')).toBe('tenant: admin server');
    expect(from(await tenantRoleOf(NO_TENANT_ROLES, slackUser('U0BOSS'), admins), 'id')).toBe(
      'tenant: admin workspace',
    );
    expect(from(await tenantRoleOf(NO_TENANT_ROLES, slackUser('U0INSTALL'), admins), 'id')).toBe(
      'tenant: memasang aplikasi',
    );
    expect(from(await tenantRoleOf(NO_TENANT_ROLES, slackUser('U0ANY'), admins), 'id')).toBe(
      'tenant: semua orang adalah viewer secara bawaan',
    );
  });

  it('grants the highest role that names the person, a group they are in, or a Discord role they hold', async () => {
    const tenant = roles({ operator: ['user:U0OPS', 'group:S0OPS'], admin: ['role:130000000000000001'] });
    const inOps = facts({ inGroup: async (actor, group) => group === 'S0OPS' && actor.userId === 'U0GRP' });
    const ops = await tenantRoleOf(tenant, slackUser('U0OPS'), inOps);
    expect(ops.role).toBe('operator');
    expect(from(ops)).toBe('tenant policy: user:U0OPS');
    expect(from(ops, 'id')).toBe('policy tenant: user:U0OPS');
    expect(from(await tenantRoleOf(tenant, slackUser('U0GRP'), inOps))).toBe('tenant policy: group:S0OPS');
    const member: Actor = {
      platform: 'discord',
      userId: '1',
      displayName: 'd',
      roles: ['130000000000000001'],
    };
    expect((await tenantRoleOf(tenant, member, facts())).role).toBe('admin');
    expect((await tenantRoleOf(tenant, slackUser('U0OTHER'), inOps)).role).toBe('viewer');
  });
});

describe('the policy and a tenant role', () => {
  const tenantAdmin: Actor = {
    ...slackUser('U0A1'),
    tenantRole: { role: 'admin', source: { key: 'role.source.installer' } },
  };

  it('takes the tenant role without a policy file', () => {
    expect(createPolicy(null, null).roleOf(tenantAdmin).role).toBe('admin');
    expect(createPolicy(null, null).roleOf(slackUser('U0A1')).role).toBe('viewer');
  });

  it('ignores it when a policy file is in force: the file wins', () => {
    const file = parsePolicy('roles:\n  viewer: ["*"]\n', 'p.yaml', [], POLICY_PLATFORMS);
    expect(createPolicy(file, 'p.yaml').roleOf(tenantAdmin).role).toBe('viewer');
  });
});

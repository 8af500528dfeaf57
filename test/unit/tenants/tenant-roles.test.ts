// Per-tenant policy through the runner: the tenancy gives each request's actor its tenant role,
// `policy show` / `policy set` read and edit the tenant's roles (tenant admins only, audited,
// another tenant unaffected), bad input changes nothing, and a policy file wins.
import { describe, expect, it } from 'vitest';
import { policyCommands } from '../../../commands/policy.js';
import type { Actor, Dispatcher, Invocation } from '../../../src/core/index.js';
import type { MemberFacts } from '../../../src/adapter-kit/tenant-ports.js';
import { renderText } from '../../../src/render/text.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../../src/tenants/scope.js';
import {
  createTenantRoles,
  gateWithTenantRoles,
  withTenantRoles,
} from '../../../src/tenants/tenant-roles.js';
import { pendingCard } from '../../../src/render/buttons.js';
import { actors, makeBot, POLICY, recordingResponder, WEB1 } from '../../support/core-fakes.js';

const scope = tenantScope(async (id) => ({ id }));
const person = (userId: string): Actor => ({ platform: 'slack', userId, displayName: userId });
const INSTALLER = person('U0INSTALL');
const OPERATOR = person('U0OPS');
const GROUPIE = person('U0GRP');
const VIEWER = person('U0VIEW');
const DISCORD_INSTALLER: Actor = { platform: 'discord', userId: '120000000000000009', displayName: 'owner' };
const DISCORD_MEMBER: Actor = { platform: 'discord', userId: '120000000000000002', displayName: 'dee' };
const CONSOLE: Actor = { platform: 'console', userId: INSTALLER.userId, displayName: 'ops' };
const FACTS: MemberFacts = {
  isAdmin: async () => false,
  inGroup: async (actor, group) => group === 'S0OPS' && actor.userId === GROUPIE.userId,
};

async function tenantBot(policy?: string) {
  const { bot } = await makeBot({ tenants: scope, commands: policyCommands, ...(policy ? { policy } : {}) });
  const roles = createTenantRoles({
    store: bot.store,
    keys: {
      installer: async (tenant) =>
        tenant.startsWith('discord:') ? DISCORD_INSTALLER.userId : INSTALLER.userId,
    },
    fileInForce: () => Boolean(bot.policy.source),
  });
  const dispatcher: Dispatcher = withTenantRoles(bot.dispatcher, roles, FACTS);
  let seq = 0;
  /** The last reply to `text`, asked in `tenant` (null: outside any tenant, as the console asks). */
  const say = async (tenant: string | null, text: string, actor: Actor) => {
    const responder = recordingResponder();
    const invocation: Invocation = {
      id: `t-${(seq += 1)}`,
      platform: actor.platform,
      actor,
      channelId: 'C1',
      input: { kind: 'text', text },
    };
    const ask = () => dispatcher.dispatch(invocation, responder);
    await (tenant ? runInTenant({ id: tenant }, ask) : ask());
    const last = responder.replies.at(-1);
    return {
      text: last ? renderText(last.message) : '',
      visibility: last?.visibility,
      token: pendingCard(last?.message)?.token,
    };
  };
  const roleOf = async (tenant: string, actor: Actor) =>
    runInTenant({ id: tenant }, async () =>
      bot.policy.roleOf((await roles.withRole({ actor }, FACTS)).actor),
    );
  return { bot, say, roleOf, roles };
}

describe('per-tenant policy', () => {
  it('lets the installer name a role’s members, audited, privately, in that tenant only', async () => {
    const { bot, say, roleOf } = await tenantBot();
    try {
      expect((await roleOf('slack:TA', GROUPIE)).role).toBe('viewer');
      const set = await say('slack:TA', 'policy set operator <@U0OPS|ops> subteam:S0OPS', INSTALLER);
      expect(set.text).toContain('Role changed');
      expect(set.visibility).toBe('ephemeral');
      expect(await roleOf('slack:TA', OPERATOR)).toEqual({
        role: 'operator',
        source: { key: 'role.source.tenantPolicy', values: { member: 'user:U0OPS' } },
      });
      expect((await roleOf('slack:TA', GROUPIE)).role).toBe('operator');
      const shown = await say('slack:TA', 'policy show', VIEWER);
      expect(shown.text).toContain('operator: @U0OPS, @subteam:S0OPS');
      expect(shown.visibility).toBe('ephemeral');
      const audited = await runInTenant({ id: 'slack:TA' }, () => bot.audit.recent('C1', 5, 'slack'));
      expect(audited.find((r) => r.command === 'policy set')).toMatchObject({
        result: 'ok',
        summary: 'operator: user:U0OPS group:S0OPS',
      });
      // Another workspace: its own (empty) roles.
      expect((await say('slack:TB', 'policy show', VIEWER)).text).toContain('operator: nobody named');
      expect((await roleOf('slack:TB', OPERATOR)).role).toBe('viewer');
      // `none` empties a role.
      expect((await say('slack:TA', 'policy set operator none', INSTALLER)).text).toContain('names nobody');
      expect((await roleOf('slack:TA', OPERATOR)).role).toBe('viewer');
    } finally {
      await bot.close();
    }
  });

  it('reads members typed on Discord with Discord’s syntax (the adapter’s), audited, refusing Slack’s', async () => {
    const { bot, say, roleOf } = await tenantBot();
    try {
      const set = await say(
        'discord:G1',
        'policy set operator <@&130000000000000001> <@!120000000000000002>',
        DISCORD_INSTALLER,
      );
      expect(set.text).toContain('Role changed');
      const roleHolder: Actor = {
        ...DISCORD_MEMBER,
        userId: '120000000000000003',
        roles: ['130000000000000001'],
      };
      expect((await roleOf('discord:G1', roleHolder)).role).toBe('operator');
      expect((await roleOf('discord:G1', DISCORD_MEMBER)).role).toBe('operator');
      const audited = await runInTenant({ id: 'discord:G1' }, () => bot.audit.recent('C1', 5, 'discord'));
      expect(audited.find((r) => r.command === 'policy set')).toMatchObject({
        result: 'ok',
        summary: 'operator: role:130000000000000001 user:120000000000000002',
      });
      const refused = await say('discord:G1', 'policy set admin subteam:S0OPS', DISCORD_INSTALLER);
      expect(refused.text).toContain(
        '`subteam:S0OPS` is not a member: name people by mention or user id, and roles as role:<id> or a role mention. Nothing changed.',
      );
      expect((await roleOf('discord:G1', DISCORD_MEMBER)).role).toBe('operator');
    } finally {
      await bot.close();
    }
  });

  it('answers `policy set` on the console as before: no tenant there, and no word names a member', async () => {
    const { bot, say, roleOf } = await tenantBot();
    try {
      expect((await say(null, 'policy set operator U0OPS', CONSOLE)).text).toContain(
        'kept only when the bot serves many of them',
      );
      // Even inside a tenant the console has no member syntax: the first word is refused.
      expect((await say('slack:TA', 'policy set operator U0OPS', CONSOLE)).text).toContain(
        '`U0OPS` is not a member: name people by their user id. Nothing changed.',
      );
      expect((await roleOf('slack:TA', OPERATOR)).role).toBe('viewer');
    } finally {
      await bot.close();
    }
  });

  it('asks the confirm gate (before a typed-name dialog) with the clicker’s tenant role', async () => {
    const { bot, say, roles } = await tenantBot();
    try {
      const { token } = await say('slack:TA', `instance delete ${WEB1}`, INSTALLER);
      expect(token).toBeDefined();
      const event = {
        id: 'gate-1',
        platform: 'slack',
        actor: INSTALLER,
        channelId: 'C1',
        token: token!,
        action: 'confirm' as const,
      };
      const gate = gateWithTenantRoles(bot.lookups.gate, roles, FACTS);
      expect(await runInTenant({ id: 'slack:TA' }, () => gate.refusal(event))).toBeNull();
      // The bare gate would see a viewer (the policy's default without a tenant role).
      const bare = await runInTenant({ id: 'slack:TA' }, () => bot.lookups.gate.refusal(event));
      expect(renderText(bare!)).toContain('You may not run');
    } finally {
      await bot.close();
    }
  });

  it('refuses viewers, operators and bad input, and changes nothing', async () => {
    const { bot, say, roleOf } = await tenantBot();
    try {
      await say('slack:TA', 'policy set operator <@U0OPS|ops>', INSTALLER);
      expect((await say('slack:TA', 'policy set admin <@U0VIEW>', VIEWER)).text).toContain(
        'You may not run `policy set`',
      );
      expect((await say('slack:TA', 'policy set admin <@U0OPS>', OPERATOR)).text).toContain(
        'Only admins here may change roles: your role is operator. Nothing changed.',
      );
      expect((await say('slack:TA', 'policy set boss <@U0OPS>', INSTALLER)).text).toContain(
        'Invalid <role> `boss`: choose one of viewer, operator, admin.',
      );
      expect((await say('slack:TA', 'policy set admin U0OPS hello', INSTALLER)).text).toContain(
        '`hello` is not a member',
      );
      expect((await say('slack:TA', 'policy set admin none U0OPS', INSTALLER)).text).toContain('goes alone');
      expect((await say('slack:TA', 'policy set admin', INSTALLER)).text).toContain('Missing');
      expect((await say('slack:TA', 'policy set operator U0OPS', INSTALLER)).text).toContain(
        'nothing changed',
      );
      expect((await roleOf('slack:TA', OPERATOR)).role).toBe('operator');
      expect(await roleOf('slack:TA', VIEWER)).toMatchObject({ role: 'viewer' });
    } finally {
      await bot.close();
    }
  });

  it('leaves roles to the policy file when one is in force: `policy set` refuses', async () => {
    const { bot, say, roleOf } = await tenantBot(POLICY);
    try {
      const refused = await say('slack:TA', 'policy set operator <@U0OPS>', actors.admin);
      expect(refused.text).toContain('which wins over `policy set` — nothing changed');
      expect((await say('slack:TA', 'policy show', actors.admin)).text).toContain(
        'Roles come from the policy file',
      );
      // The installer is nobody special under the file.
      expect((await roleOf('slack:TA', INSTALLER)).source.key).toBe('role.source.policy');
      expect((await roleOf('slack:TA', INSTALLER)).role).toBe('viewer');
    } finally {
      await bot.close();
    }
  });

  it('keeps single-tenant mode as it was: no tenant, no tenant roles', async () => {
    const { bot } = await makeBot({ commands: policyCommands });
    try {
      const roles = createTenantRoles({
        store: bot.store,
        keys: { installer: async () => INSTALLER.userId },
        fileInForce: () => false,
      });
      expect((await roles.withRole({ actor: INSTALLER }, FACTS)).actor).toBe(INSTALLER);
      expect(bot.policy.roleOf(INSTALLER).role).toBe('viewer');
    } finally {
      await bot.close();
    }
  });
});

describe('the tenant-role dispatcher', () => {
  it('passes on what it does not change: arrivals reach serve’s admission, the command list is the inner one', () => {
    let arrivals = 0;
    const inner: Dispatcher = {
      dispatch: async () => undefined,
      act: async () => undefined,
      commands: () => [],
      typedDialog: async () => null,
      arrived: () => void (arrivals += 1),
    };
    const roles = { withRole: async <T>(request: T) => request };
    const wrapped = withTenantRoles(inner, roles, FACTS);
    wrapped.arrived?.();
    expect(arrivals).toBe(1);
    expect(wrapped.commands()).toEqual([]);
  });
});

// `policy show` / `policy set <role> <members…>`: who may do what here. With many tenants and no
// policy file, each workspace / server keeps its own roles (src/core/policy/tenant-roles.ts);
// tenant admins edit them. A policy file, where used, wins: `policy set` then changes nothing.
import {
  arg,
  commandGroup,
  parseTenantMembers,
  t,
  TENANT_ROLE_NAMES,
  UserError,
  type CommandContext,
  type Locale,
  type TenantRoles,
} from '../src/core/index.js';
import { contextWith, message, text } from '../src/render/builders.js';
import type { Block, Inline, PersonRef } from '../src/render/message.js';

const command = commandGroup('policy');

type RoleName = (typeof TENANT_ROLE_NAMES)[number];

/** A stored member as a mention that notifies nobody (the reply is private, and teams are marked silent). */
function mentionOf(member: string, platform: string): PersonRef {
  const colon = member.indexOf(':');
  const kind = member.slice(0, colon);
  const id = member.slice(colon + 1);
  if (kind === 'user') return { type: 'user', platform, id, displayName: id };
  return {
    type: 'team',
    platform,
    id,
    displayName: kind === 'role' ? `role:${id}` : `subteam:${id}`,
    notify: false,
  };
}

/** "<role>: @a, @b" with people as mentions, or "<role>: nobody named". */
function roleLine(role: RoleName, members: readonly string[], ctx: CommandContext): Block {
  if (members.length === 0) return contextWith([t(ctx.locale, 'policy.nobody', { role })]);
  const parts: Inline[] = [t(ctx.locale, 'policy.role', { role })];
  members.forEach((member, i) => {
    if (i > 0) parts.push(', ');
    parts.push(mentionOf(member, ctx.actor.platform));
  });
  return contextWith(parts);
}

const place = (locale: Locale, platform: string) => ({
  title: t(locale, 'policy.title'),
  defaultAdmins: t(locale, 'policy.defaultAdmins', { platform }),
});

export const policyShow = command({
  name: 'show',
  summary: 'Who may do what here: the roles and their members',
  examples: ['/vps policy show'],
  args: {},
  risk: 'read',
  visibility: 'ephemeral',
  run: async (ctx) => {
    const { locale } = ctx;
    const mode = ctx.bot.policyRoles.mode();
    const { title, defaultAdmins } = place(locale, ctx.actor.platform);
    if (mode.kind === 'file')
      return message(title, [text(t(locale, 'policy.fromFile', { path: mode.path }))], { tone: 'info' });
    if (mode.kind === 'defaults')
      return message(title, [text(t(locale, 'policy.defaults'))], { tone: 'info' });
    const { roles } = await ctx.bot.policyRoles.read();
    const lines = [...TENANT_ROLE_NAMES].reverse().map((role) => roleLine(role, roles[role] ?? [], ctx));
    return message(
      title,
      [...lines, text(defaultAdmins), { type: 'context', text: t(locale, 'policy.howToSet') }],
      { tone: 'info' },
    );
  },
});

/** The members typed after the role, or the refusal naming the first word that is not one. */
function membersOf(ctx: CommandContext, typed: string): string[] {
  const words = typed.trim().split(/\s+/);
  if (words.includes('none')) {
    if (words.length > 1) throw new UserError('invalid-argument', t(ctx.locale, 'policy.mixedNone'));
    return [];
  }
  const parsed = parseTenantMembers(typed, ctx.bot.policyRoles.members);
  if (!parsed.ok)
    throw new UserError(
      'invalid-argument',
      t(ctx.locale, 'policy.badMember', { word: parsed.bad.slice(0, 80), platform: ctx.actor.platform }),
    );
  return parsed.members;
}

export const policySet = command({
  name: 'set',
  summary: 'Name the members of a role here (tenant admins; replaces the role’s members)',
  examples: [
    '/vps policy set operator U0123ABCD U0456EFGH',
    '/vps policy set operator subteam:S0123ABCD',
    '/vps policy set viewer none',
  ],
  args: {
    role: arg.choice('The role to fill: viewer, operator or admin', TENANT_ROLE_NAMES, { positional: true }),
    members: arg.string('Members: mentions or user ids, Slack user groups, Discord roles; none empties', {
      max: 1_500,
      rest: true,
    }),
  },
  risk: 'change',
  visibility: 'ephemeral',
  run: async (ctx, { role, members: typed }) => {
    const { locale } = ctx;
    const mode = ctx.bot.policyRoles.mode();
    if (mode.kind === 'file')
      throw new UserError('denied', t(locale, 'policy.fileWins', { path: mode.path }));
    if (mode.kind === 'defaults') throw new UserError('denied', t(locale, 'policy.noTenant'));
    const held = ctx.bot.describeActor(ctx.actor, ctx.channelId).role;
    if (held !== 'admin') throw new UserError('denied', t(locale, 'policy.adminsOnly', { role: held }));
    const members = membersOf(ctx, typed);
    const current: TenantRoles = await ctx.bot.policyRoles.read();
    if (JSON.stringify(current.roles[role] ?? []) === JSON.stringify(members))
      throw new UserError('nothing-to-do', t(locale, 'policy.unchanged', { role }));
    await ctx.bot.policyRoles.write({
      roles: { ...current.roles, [role]: members },
      changedBy: `${ctx.actor.platform}:${ctx.actor.userId}`,
      changedAt: ctx.now().getTime(),
    });
    const line =
      members.length === 0
        ? contextWith([t(locale, 'policy.set.emptied', { role })])
        : roleLine(role, members, ctx);
    return {
      message: message(t(locale, 'policy.set.title'), [line], { tone: 'success' }),
      auditSummary: `${role}: ${members.length === 0 ? 'none' : members.join(' ')}`,
    };
  },
});

export const policyCommands = [policyShow, policySet];

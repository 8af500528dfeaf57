// Per-tenant policy (many-tenant mode without a policy file): each workspace / server keeps its own
// roles in the store, edited with `policy set`. Whoever installed the app and the platform's own
// admins are the tenant's admins; everyone else is a viewer unless a role names them, by user id,
// Slack user group (`group:S…`) or Discord role (`role:<id>`). A policy file, where used, wins.
import type { Actor } from '../ports.js';
import type { TenantPlace } from '../tenant-port.js';
import type { CatalogueText } from '../../i18n/translate.js';
import { ROLE_NAMES, type RoleName } from './policy-file.js';

/** The roles one tenant keeps in the store (record `TENANT_ROLES_ID` of `COLLECTIONS.tenantRoles`). */
export interface TenantRoles {
  /** Members per role: `user:<id>`, `group:<Slack user group id>` or `role:<Discord role id>`. */
  roles: Record<RoleName, string[]>;
  /** Who changed them last ("<platform>:<user id>") and when (ms). */
  changedBy?: string;
  changedAt?: number;
}

/** Where roles come from, for `policy show` / `policy set` (a service commands get as `ctx.bot.policyRoles`). */
export interface PolicyRoles {
  /** `file`: a policy file is in force (edited there); `tenant`: this tenant's own roles; `defaults`: neither. */
  mode(): { kind: 'file'; path: string } | { kind: 'tenant' } | { kind: 'defaults' };
  /** The tenant's roles (mode `tenant`); none set yet reads as empty lists. */
  read(): Promise<TenantRoles>;
  write(roles: TenantRoles): Promise<void>;
  /** How a word typed on the requester's platform names a member (the platform's adapter says). */
  members: MemberSyntax;
}

/** The one record a tenant's roles live in (the store keys it under the tenant). */
export const TENANT_ROLES_ID = 'roles';

/** A tenant that never ran `policy set`. */
export const NO_TENANT_ROLES: TenantRoles = { roles: { viewer: [], operator: [], admin: [] } };

/** What the tenant's platform says about a person (each answer may be looked up and cached). */
export interface WorkspaceFacts {
  /** The user id of whoever installed the app in this tenant, if known. */
  installer(): Promise<string | null>;
  /** Slack: `users.info` is_admin / is_owner; Discord: Administrator or Manage Server. */
  isAdmin(actor: Actor): Promise<boolean>;
  /** Whether the person is in a Slack user group (Discord roles are on the actor). */
  inGroup(actor: Actor, groupId: string): Promise<boolean>;
}

/** The actor's role in the tenant and why (the shape of the policy's RoleInfo). */
export interface TenantRole {
  role: RoleName | null;
  source: CatalogueText;
}

/**
 * One typed word as a member as stored — `user:<id>`, `group:<id>` or `role:<id>` — or null when
 * it names none. Each platform's adapter folder has its own (its mention syntax and id shapes).
 */
export type MemberSyntax = (word: string) => string | null;

/** A platform where no word names a member (the console). */
export const NO_MEMBER_SYNTAX: MemberSyntax = () => null;

/** The members typed after `policy set <role>`: every word must name one, or the first that does not is returned. */
export function parseTenantMembers(
  text: string,
  memberOf: MemberSyntax,
): { ok: true; members: string[] } | { ok: false; bad: string } {
  const members: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const member = memberOf(word);
    if (!member) return { ok: false, bad: word };
    if (!members.includes(member)) members.push(member);
  }
  return { ok: true, members };
}

async function matches(member: string, actor: Actor, facts: WorkspaceFacts): Promise<boolean> {
  const colon = member.indexOf(':');
  const kind = member.slice(0, colon);
  const id = member.slice(colon + 1);
  if (kind === 'user') return actor.userId === id;
  if (kind === 'role') return (actor.roles ?? []).includes(id);
  return kind === 'group' && facts.inGroup(actor, id);
}

/** The highest role the tenant grants `actor`: admin first (installer, named, platform admin), viewer by default. */
export async function tenantRoleOf(
  tenantRoles: TenantRoles,
  actor: Actor,
  facts: WorkspaceFacts,
  place: TenantPlace = 'workspace',
): Promise<TenantRole> {
  for (const role of [...ROLE_NAMES].reverse()) {
    const members = tenantRoles.roles[role] ?? [];
    // People named one by one first: no platform call needed.
    const named = members.find((m) => m.startsWith('user:') && m.slice(5) === actor.userId);
    if (named) return { role, source: { key: 'role.source.tenantPolicy', values: { member: named } } };
    if (role === 'admin') {
      if ((await facts.installer()) === actor.userId)
        return { role, source: { key: 'role.source.installer' } };
      if (await facts.isAdmin(actor))
        return { role, source: { key: 'role.source.platformAdmin', values: { place } } };
    }
    for (const member of members.filter((m) => !m.startsWith('user:')))
      if (await matches(member, actor, facts))
        return { role, source: { key: 'role.source.tenantPolicy', values: { member } } };
  }
  return { role: 'viewer', source: { key: 'role.source.tenantDefault' } };
}

/** The role names `policy set` accepts. */
export const TENANT_ROLE_NAMES = ROLE_NAMES;

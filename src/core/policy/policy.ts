// Authorization decisions from the policy file: who holds which role, which risks each role may
// run, where destructive commands are allowed, and who may approve two-person actions.
// Denials are results (a UserError to show), never exceptions.
import type { Risk, Actor, Platform } from '../ports.js';
import { UserError } from '../errors.js';
import { runbookFor } from './runbooks.js';
import { ROLE_NAMES, type PolicyFile, type RoleName } from './policy-file.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t, type CatalogueText } from '../../i18n/translate.js';

/** Risks each role may run (nested: viewer ⊂ operator ⊂ admin). */
const ALLOWED_RISKS: Record<RoleName, readonly Risk[]> = {
  viewer: ['read'],
  operator: ['read', 'change', 'destructive'],
  admin: ['read', 'change', 'destructive'],
};

/** Commands everyone may run, even without any role, so they can find out what they may do. */
export const ALWAYS_ALLOWED = ['help', 'whoami'];

/** The role of an actor and why. */
export interface RoleInfo {
  role: RoleName | null;
  /** Where it came from, said in the reader's language (`whoami`): "policy ./vpsops.policy.yaml: slack:U012ADMIN". */
  source: CatalogueText;
}

/** Result of an authorization check. */
export type AuthDecision = { allowed: true; role: RoleName | null } | { allowed: false; error: UserError };

/** The loaded policy, queried by the runner. */
export interface Policy {
  /** Path of the policy file in force, or null when running on defaults. */
  readonly source: string | null;
  roleOf(actor: Actor): RoleInfo;
  /** A refusal is written in `locale` (the asker's language; English by default). */
  authorize(
    actor: Actor,
    command: { path: string; risk: Risk },
    channelId: string,
    locale?: Locale,
  ): AuthDecision;
  /** Whether destructive commands may run in this channel at all (channel rules only). */
  channelAllows(risk: Risk, platform: Platform, channelId: string): boolean;
  isTwoPerson(path: string): boolean;
  /** Admins approve two-person actions. */
  canApprove(actor: Actor): boolean;
  /** The on-call team (Slack user group or Discord role id) a channel's alert reminders mention. */
  oncall(platform: Platform, channelId: string): string | undefined;
  /** Who may approve a two-person request on this platform (users and Discord roles), and how they hear of it. */
  approvers(platform: Platform): { users: string[]; roles: string[]; notify: 'channel' | 'dm' };
  /** Instance uuid for a policy alias (case-insensitive), if any. */
  alias(name: string): string | undefined;
  aliases(): { name: string; uuid: string }[];
  /** The runbook URL the policy file gives for a hostname (runbooks.ts), if any. */
  runbook(hostname: string): string | undefined;
}

function memberMatches(member: string, actor: Actor): boolean {
  if (member === '*') return true;
  const colon = member.indexOf(':');
  const kind = member.slice(0, colon);
  const id = member.slice(colon + 1);
  if (kind === 'discord-role') return actor.platform === 'discord' && (actor.roles ?? []).includes(id);
  return kind === actor.platform && (id === '*' || id === actor.userId);
}

function channelMatches(rule: string, platform: Platform, channelId: string): boolean {
  const colon = rule.indexOf(':');
  return (
    rule.slice(0, colon) === platform &&
    (rule.slice(colon + 1) === '*' || rule.slice(colon + 1) === channelId)
  );
}

/** Without a policy file, command groups only admins may run whatever their risk (billing: payment methods, invoices). */
const ADMIN_ONLY = ['billing '];

/** The file's aliases by lower-cased name. */
function aliasesIn(file: PolicyFile | null) {
  return new Map(
    Object.entries(file?.aliases ?? {}).map(([name, uuid]) => [
      name.toLowerCase(),
      { name, uuid: uuid.toLowerCase() },
    ]),
  );
}

/** The actor's role and where it comes from: the file's highest matching role, else the defaults. */
function roleIn(file: PolicyFile | null, sourcePath: string | null, actor: Actor): RoleInfo {
  if (!file) {
    // Many-tenant mode: the tenant's own roles (src/tenants/tenant-roles.ts); a policy file wins.
    if (actor.tenantRole) return actor.tenantRole;
    return actor.platform === 'console'
      ? { role: 'admin', source: { key: 'role.source.consoleDefault' } }
      : { role: 'viewer', source: { key: 'role.source.chatDefault' } };
  }
  for (const role of [...ROLE_NAMES].reverse()) {
    const member = file.roles[role].find((m) => memberMatches(m, actor));
    if (member)
      return { role, source: { key: 'role.source.policy', values: { path: sourcePath ?? '', member } } };
  }
  return { role: null, source: { key: 'role.source.policyNone', values: { path: sourcePath ?? '' } } };
}

/** Who is on call for a channel; a Slack group id names nobody on Discord and a role id nobody on Slack. */
function oncallIn(file: PolicyFile | null, platform: Platform, channelId: string): string | undefined {
  const target = file?.oncall[`${platform}:${channelId}`] ?? file?.oncall[channelId];
  if (!target) return undefined;
  return (platform === 'slack') === target.startsWith('S') ? target : undefined;
}

/** Builds a Policy from a validated file, or the defaults when there is no file (null). */
export function createPolicy(file: PolicyFile | null, sourcePath: string | null): Policy {
  const aliasMap = aliasesIn(file);
  const roleOf = (actor: Actor): RoleInfo => roleIn(file, sourcePath, actor);
  const channelAllows = (risk: Risk, platform: Platform, channelId: string): boolean => {
    if (risk === 'read') return true;
    const rules = risk === 'destructive' ? file?.channels.destructive : file?.channels.change;
    return !rules || rules.some((rule) => channelMatches(rule, platform, channelId));
  };
  return {
    source: sourcePath,
    runbook: (hostname) => runbookFor(file?.runbooks ?? [], hostname),
    roleOf,
    channelAllows,
    authorize(actor, command, channelId, locale = DEFAULT_LOCALE) {
      const { role } = roleOf(actor);
      if (ALWAYS_ALLOWED.includes(command.path)) return { allowed: true, role };
      if (!file && ADMIN_ONLY.some((group) => command.path.startsWith(group)) && role !== 'admin') {
        return {
          allowed: false,
          error: new UserError(
            'denied',
            t(locale, 'policy.deny.billing', {
              path: command.path,
              role: role ?? t(locale, 'policy.roleNone'),
            }),
            t(locale, 'policy.deny.billingHint'),
          ),
        };
      }
      if (!role || !ALLOWED_RISKS[role].includes(command.risk)) {
        const { path, risk } = command;
        return {
          allowed: false,
          error: new UserError(
            'denied',
            t(locale, 'policy.deny.role', { path, risk, hasRole: role ? 'yes' : 'no', role: role ?? '' }),
            t(locale, 'policy.deny.roleHint'),
          ),
        };
      }
      if (!channelAllows(command.risk, actor.platform, channelId)) {
        return {
          allowed: false,
          error: new UserError(
            'wrong-channel',
            t(locale, 'policy.deny.channel', { path: command.path, risk: command.risk }),
            t(locale, 'policy.deny.channelHint'),
          ),
        };
      }
      return { allowed: true, role };
    },
    isTwoPerson: (path) => (file?.twoPerson ?? []).includes(path),
    canApprove: (actor) => roleOf(actor).role === 'admin',
    oncall: (platform, channelId) => oncallIn(file, platform, channelId),
    approvers: (platform) => approversOf(file, platform),
    alias: (name) => aliasMap.get(name.toLowerCase())?.uuid,
    aliases: () => [...aliasMap.values()],
  };
}

/** The admins named one by one for this platform (`*` and `slack:*` name nobody to notify). */
function approversOf(file: PolicyFile | null, platform: Platform) {
  const ids = (kind: string) =>
    (file?.roles.admin ?? [])
      .filter((m) => m.startsWith(`${kind}:`) && !m.endsWith(':*'))
      .map((m) => m.slice(kind.length + 1));
  return {
    users: ids(platform),
    roles: platform === 'discord' ? ids('discord-role') : [],
    notify: file?.approvalNotice ?? 'channel',
  };
}

// English texts of `policy show` / `policy set` (commands/policy.ts): per-tenant roles.
// Spread into catalogue-en.ts; policy-id.ts has the same keys.
export const policyEn = {
  'policy.title': 'Roles here',
  'policy.role': '{role}: ',
  'policy.nobody': '{role}: nobody named',
  'policy.defaultAdmins':
    'Admins also: whoever installed the app, and the {platform, select, discord {server’s members with Administrator or Manage Server} other {workspace’s admins and owners}}. Everyone else is a viewer.',
  'policy.howToSet': 'Admins change a role with `policy set <role> <members…>` (`none` empties it).',
  'policy.fromFile':
    'Roles come from the policy file {path}; edit them there (it is read again within seconds).',
  'policy.defaults':
    'No policy file: console users are admins and chat users viewers. Grant roles in a policy file (VPSOPS_POLICY).',
  'policy.fileWins':
    'Roles come from the policy file {path}, which wins over `policy set` — nothing changed. Edit the file instead.',
  'policy.noTenant':
    '`policy set` edits a workspace’s or server’s own roles, kept only when the bot serves many of them; here roles come from a policy file (VPSOPS_POLICY). Nothing changed.',
  'policy.adminsOnly': 'Only admins here may change roles: your role is {role}. Nothing changed.',
  'policy.badMember':
    '`{word}` is not a member: {platform, select, slack {name people by member id (U0123ABCD: profile → Copy member ID; a typed @name is only text to the bot) and user groups as subteam:S0123ABCD} discord {name people by mention or user id, and roles as role:<id> or a role mention} other {name people by their user id}}. Nothing changed.',
  'policy.mixedNone': '`none` empties a role and goes alone. Nothing changed.',
  'policy.unchanged': '{role} already names exactly these members — nothing changed.',
  'policy.set.title': 'Role changed',
  'policy.set.emptied': '{role} now names nobody.',
  'policy.set.now': '{role} is now: ',
} as const;

/** The keys of this file. */
export type PolicyKey = keyof typeof policyEn;

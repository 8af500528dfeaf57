// English for where a person's role comes from, as `whoami` says it (src/core/policy: policy.ts,
// tenant-roles.ts). roles-id.ts has the same keys. Member ids and file paths stay as written.
export const rolesEn = {
  'role.source.consoleDefault': 'default: console user without a policy file',
  'role.source.chatDefault': 'default: chat users are viewers without a policy file',
  'role.source.policy': 'policy {path}: {member}',
  'role.source.policyNone': 'policy {path}: no matching role',
  'role.source.tenantPolicy': 'tenant policy: {member}',
  'role.source.installer': 'tenant: installed the app',
  'role.source.platformAdmin': 'tenant: {place, select, server {server admin} other {workspace admin}}',
  'role.source.tenantDefault': 'tenant: everyone is a viewer by default',
} as const;

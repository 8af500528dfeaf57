// The one way tests write a policy file: members by role, plus optional destructive channels,
// two-person commands and aliases, as the YAML the bot reads (README "Policy file").
import { stringify } from 'yaml';

/** What a test policy says; members are `slack:<id>`, `discord:<id>`, `discord-role:<id>`, `console:<user>` or `*`. */
export interface PolicySpec {
  admin?: string[];
  operator?: string[];
  viewer?: string[];
  destructiveChannels?: string[];
  twoPerson?: string[];
  aliases?: Record<string, string>;
}

/** The policy file text for `spec` (only the sections it names). */
export function policyYaml(spec: PolicySpec): string {
  const roles = Object.fromEntries(
    (['admin', 'operator', 'viewer'] as const).flatMap((role) => (spec[role] ? [[role, spec[role]]] : [])),
  );
  return stringify({
    roles,
    ...(spec.destructiveChannels ? { channels: { destructive: spec.destructiveChannels } } : {}),
    ...(spec.twoPerson ? { approvals: { two_person: spec.twoPerson } } : {}),
    ...(spec.aliases ? { aliases: spec.aliases } : {}),
  });
}

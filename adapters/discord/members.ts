// Discord's members for `policy set` (the core's MemberSyntax): a typed word as `role:<id>` or
// `user:<id>` — role mentions <@&id> and `role:<id>`, user mentions <@id> / <@!id> and bare ids,
// every id a snowflake. Anything else (@everyone, subteam:…, a name) names nobody.
import type { MemberSyntax } from '../../src/core/index.js';

/** What a Discord id (snowflake) looks like. */
export const SNOWFLAKE = /^\d{15,21}$/;

/** One typed word as a stored member on Discord, or null. */
export const discordMember: MemberSyntax = (word) => {
  const role = /^<@&(\d+)>$/.exec(word)?.[1] ?? /^role:(\d+)$/.exec(word)?.[1];
  if (role !== undefined) return SNOWFLAKE.test(role) ? `role:${role}` : null;
  const user = /^<@!?(\d+)>$/.exec(word)?.[1] ?? word;
  return SNOWFLAKE.test(user) ? `user:${user}` : null;
};

/** How the policy file writes Discord's members (people and roles), channels and on-call targets (roles). */
export const discordPolicy = {
  id: 'discord',
  memberKinds: ['discord', 'discord-role'],
  memberExamples: ['discord:<id>', 'discord-role:<id>'],
  channelExample: 'discord:<channel id>',
  oncall: { target: '\\d{15,21}', says: 'a Discord role id', mentions: 'a Discord channel a role id' },
};

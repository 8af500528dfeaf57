// Slack's members for `policy set` (the core's MemberSyntax): a typed word as `user:U…` or
// `group:S…`. Slack escapes mentions in command text as <@U…|name> and <!subteam^S…|@name>; bare
// ids, `@U…` and `subteam:S…` are read too. Anything else (@channel, <!here>, role:…) names nobody.
import type { MemberSyntax } from '../../src/core/index.js';

/** What a Slack user id looks like. */
export const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;
/** What a Slack user group id looks like. */
export const SLACK_GROUP_ID = /^S[A-Z0-9]{2,20}$/;

/** One typed word as a stored member on Slack, or null. */
export const slackMember: MemberSyntax = (word) => {
  const user = /^<@([UW][A-Z0-9]{2,20})(\|[^>]*)?>$/.exec(word)?.[1] ?? word.replace(/^@/, '');
  if (SLACK_USER_ID.test(user)) return `user:${user}`;
  const group =
    /^<!subteam\^(S[A-Z0-9]{2,20})(\|[^>]*)?>$/.exec(word)?.[1] ?? /^subteam:(.+)$/.exec(word)?.[1];
  return group && SLACK_GROUP_ID.test(group) ? `group:${group}` : null;
};

/** How the policy file writes Slack's members, channels and on-call targets (user groups). */
export const slackPolicy = {
  id: 'slack',
  memberKinds: ['slack'],
  memberExamples: ['slack:U123'],
  channelExample: 'slack:C0123',
  oncall: {
    target: 'S[A-Z0-9]{2,20}',
    says: 'a Slack user group id like S0123ABCD',
    mentions: 'a Slack channel mentions a user group (S…)',
  },
};

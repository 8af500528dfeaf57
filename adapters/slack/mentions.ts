// People in a line become Slack user mentions (<@U…>), built only from the platform user id the
// core carries — never from text. Everything else in the line is escaped as usual, so a display
// name or typed text can still never turn into a mention, broadcast or link.
import type { Inline } from '../../src/render/message.js';
import { escapeMrkdwn, fitMrkdwn } from './escape.js';
// A person or team whose id is not of this shape is shown as its escaped @name.
import { SLACK_GROUP_ID, SLACK_USER_ID } from './members.js';

/** The line as mrkdwn with people as mentions, within `max`; the escaped plain form when it would not fit. */
export function mrkdwnWithMentions(parts: readonly Inline[], plain: string, max: number): string {
  const out = parts
    .map((p) => {
      if (typeof p === 'string') return escapeMrkdwn(p);
      if (p.platform === 'slack' && p.type === 'team' && SLACK_GROUP_ID.test(p.id))
        return `<!subteam^${p.id}>`;
      if (p.platform === 'slack' && p.type === 'user' && SLACK_USER_ID.test(p.id)) return `<@${p.id}>`;
      return escapeMrkdwn(`@${p.displayName || p.id}`);
    })
    .join('');
  // A mention cut in half would be broken markup: a line too long keeps the plain names instead.
  return out.length <= max ? out : fitMrkdwn(plain, max);
}

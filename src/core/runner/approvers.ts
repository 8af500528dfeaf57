// A two-person request tells its eligible approvers (the policy's admins named one by one, minus the
// requester) once its card is posted: a line in the channel that mentions them (and notifies only
// them), or with `approvals: {notify: dm}` a direct message each. Roles cannot get a direct message:
// they are mentioned in the channel instead. The line carries ids, never user text.
import { t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';
import { contextWith, message, person, team, text } from '../../render/builders.js';
import { duration } from '../../render/time-format.js';
import type { Inline, Message, PersonRef } from '../../render/message.js';
import type { Invocation, Platform, Responder } from '../ports.js';
import type { PendingConfirmation } from '../store.js';

// A character no catalogue text contains: where the list of approvers goes in the sentence.
const SLOT = '\u0002';

/** Sends one person a direct message on a platform (the adapters' posters); absent: nobody can be. */
export type DirectMessage = (platform: Platform, userId: string, message: Message) => Promise<void>;

/** Who is told: people by id (they are pinged) and roles. */
export interface Approvers {
  users: string[];
  roles: string[];
  notify: 'channel' | 'dm';
}

/** "Approvers: @ana, @role" with each one a mention that notifies. */
function approversLine(locale: Locale, platform: Platform, who: Approvers): Inline[] {
  const refs: PersonRef[] = [
    ...who.users.map((id) => ({ ...person({ platform, userId: id, displayName: id }), notify: true })),
    ...who.roles.map((id) => team(platform, id, id)),
  ];
  const [before = '', after = ''] = t(locale, 'approval.approvers', { approvers: SLOT }).split(SLOT);
  const list = refs.flatMap((ref, i): Inline[] => (i === 0 ? [ref] : [', ', ref]));
  return [before, ...list, after].filter((p) => p !== '');
}

/** The channel line: who asks for what, who may approve, and how long the request waits. */
export function approvalRequest(pending: PendingConfirmation, who: Approvers, locale: Locale): Message {
  const requester = person(pending.requester);
  const asks = t(locale, 'approval.request', {
    requester: `@${requester.displayName}`,
    command: pending.command,
  });
  const waits = t(locale, 'approval.expires', {
    span: duration(pending.expiresAt - pending.createdAt, locale),
  });
  return message(
    undefined,
    [text(`${asks} ${waits}`), contextWith(approversLine(locale, pending.platform, who))],
    {
      tone: 'warning',
      summary: asks,
    },
  );
}

/** The direct message to one approver. */
export function approvalDm(pending: PendingConfirmation, locale: Locale): Message {
  const line = t(locale, 'approval.requestDm', {
    requester: `@${pending.requester.displayName || pending.requester.userId}`,
    command: pending.command,
    channel: pending.channelId,
  });
  const waits = t(locale, 'approval.expires', {
    span: duration(pending.expiresAt - pending.createdAt, locale),
  });
  return message(undefined, [text(`${line} ${waits}`)], { tone: 'warning', summary: line });
}

/**
 * Tells the approvers of a posted two-person card. Failures are the caller's to log: the card is
 * posted and works whatever happens here.
 */
export async function notifyApprovers(
  pending: PendingConfirmation,
  inv: Pick<Invocation, 'actor'>,
  eligible: Approvers,
  responder: Responder,
  locale: Locale,
  directMessage?: DirectMessage,
): Promise<void> {
  const users = eligible.users.filter((id) => id !== inv.actor.userId);
  const who: Approvers = { ...eligible, users };
  if (users.length === 0 && who.roles.length === 0) return;
  const say = (m: Message) =>
    responder.announce ? responder.announce(m) : responder.reply(m).then(() => undefined);
  if (who.notify === 'dm' && directMessage) {
    const unreached: string[] = [];
    for (const id of users)
      await directMessage(pending.platform, id, approvalDm(pending, locale)).catch(() => unreached.push(id));
    // Roles get no direct message, and whoever the DM did not reach is mentioned in the channel instead.
    if (who.roles.length + unreached.length > 0)
      await say(approvalRequest(pending, { ...who, users: unreached }, locale));
    return;
  }
  await say(approvalRequest(pending, who, locale));
}

// Answers only one person: a direct message from the app (directReply: the App Home's clicks), or
// for a message shortcut an ephemeral message in the message's channel (chat.postEphemeral) and —
// when the bot cannot post there (not a member, archived) — that direct message. Never a post
// everyone in the channel sees.
import type { Locale, MessageRef, Responder } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import type { HandlerDeps } from './handler-deps.js';
import { CANNOT_POST, slackErrorCode, type SlackOutbox } from './outbox.js';
import { createResponder } from './responder.js';
import { sendWithTableFallback } from './table-fallback.js';

/** Sends `message` to `userId`'s direct messages with the app. */
export async function directReply(
  outbox: SlackOutbox,
  userId: string,
  message: Message,
  locale: Locale,
): Promise<MessageRef> {
  return sendWithTableFallback(message, { locale }, (pages) => outbox.postToChannel(userId, pages));
}

/** A responder whose every reply reaches `userId` alone: in `channelId`, else in their DM. */
export function privateResponder(
  deps: HandlerDeps,
  channelId: string,
  userId: string,
  locale: () => Promise<Locale>,
): Responder {
  // No response_url: Slack's ephemeral post with the bot token, so "cannot post here" is known.
  const where = { channelId, userId, defaultVisibility: 'ephemeral' as const, locale };
  const inChannel = createResponder(deps.outbox, where, deps.logger);
  return {
    acknowledged: true,
    update: (ref, message) => inChannel.update(ref, message),
    async reply(message) {
      try {
        return await inChannel.reply(message, { visibility: 'ephemeral' });
      } catch (error) {
        if (!CANNOT_POST.has(slackErrorCode(error) ?? '')) throw error;
        return directReply(deps.outbox, userId, message, await locale());
      }
    },
  };
}

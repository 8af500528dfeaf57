// Posting "on the bot's own" (alerts of watched instances): chat.postMessage / chat.update with the
// bot token. Alert buttons run commands: renderMessage gives them "vps_run_" action_ids whose
// values are the commands, dispatched like typed ones when clicked (handlers.ts).
import type { ChannelPoster, MessageRef } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import { slackErrorCode, type SlackOutbox } from './outbox.js';
import { renderMessage } from './render.js';
import { sendWithTableFallback } from './table-fallback.js';

/** The Slack ChannelPoster over the adapter's outbox (bot token) while it runs. */
export function slackChannelPoster(outbox: () => SlackOutbox): ChannelPoster {
  return {
    platform: 'slack',
    post: (channelId: string, message: Message): Promise<MessageRef> =>
      sendWithTableFallback(message, {}, (pages) => outbox().postToChannel(channelId, pages)),
    async update(ref: MessageRef, message: Message): Promise<void> {
      await sendWithTableFallback(message, {}, async ([first]) => {
        if (first) await outbox().update(ref, first);
      });
    },
    // In the card's thread (thread_ts): a storm group's full member list, an alert's chart (uploaded after its title).
    async reply(ref: MessageRef, message: Message): Promise<MessageRef> {
      const posted = await outbox().postInThread(ref, renderMessage(message));
      if (message.attachments?.length) await outbox().upload(ref.channelId, message.attachments, ref.id);
      return posted;
    },
    checkChannel: (channelId) => outbox().cannotPostIn(channelId),
    // Slack's own codes (not_in_channel, channel_not_found, missing_scope…); ratelimited is ours.
    failureReason: (error) => {
      const code = slackErrorCode(error);
      return code === 'ratelimited' ? 'rate_limited' : (code ?? 'other');
    },
    // The Web API client's rate-limit error carries Retry-After in seconds.
    retryAfterMs: (error) => {
      const seconds = (error as { retryAfter?: unknown } | undefined)?.retryAfter;
      return typeof seconds === 'number' ? seconds * 1000 : undefined;
    },
    setPinned: (ref, pinned) => outbox().setPinned(ref, pinned),
    // A user id as the channel posts in the person's direct messages with the app.
    async tellPrivately(userId: string, message: Message): Promise<void> {
      await outbox().postToChannel(userId, renderMessage(message));
    },
  };
}

// Posting "on the bot's own" (alerts of watched instances): chat.postMessage / chat.update with the
// bot token. Alert buttons become a Block Kit actions block whose action_ids start "vps_alert_" and
// whose values are the core's tokens, so a click reaches Dispatcher.act like Confirm does.
import type { types as slack } from '@slack/bolt';
import type { MessageRef } from '../../src/core/index.js';
import type { Message, MessageButton } from '../../src/render/message.js';
import type { ChannelPoster } from '../../src/watch/index.js';
import { fitPlain } from './escape.js';
import { SLACK_LIMITS as L } from './limits.js';
import { slackErrorCode, type SlackOutbox } from './outbox.js';
import { renderMessage, type SlackPayload } from './render.js';

/** Prefix of the alert buttons' action_ids (one per button: ids must be unique in a block). */
export const ALERT_ACTION_PREFIX = 'vps_alert_';

/** Matches every alert button's action_id, for app.action(). */
export const ALERT_ACTION_PATTERN = /^vps_alert_\d$/;

function buttonsBlock(buttons: MessageButton[]): slack.KnownBlock {
  return {
    type: 'actions',
    block_id: 'vps_alert',
    elements: buttons.slice(0, 5).map((button, index) => ({
      type: 'button' as const,
      action_id: `${ALERT_ACTION_PREFIX}${index}`,
      text: { type: 'plain_text' as const, text: fitPlain(button.label, L.buttonText) },
      value: button.token,
      ...(button.style ? { style: button.style } : {}),
    })),
  };
}

/** The first page of the rendered message, with the alert buttons appended when there is room. */
function alertPages(message: Message): SlackPayload[] {
  const pages = renderMessage(message);
  const first = pages[0];
  if (first && message.buttons?.length && first.blocks.length < L.blocksPerMessage) {
    first.blocks = [...first.blocks, buttonsBlock(message.buttons)];
  }
  return pages;
}

/** The Slack ChannelPoster over the adapter's outbox (bot token). */
export function slackChannelPoster(outbox: SlackOutbox): ChannelPoster {
  return {
    platform: 'slack',
    post: (channelId: string, message: Message): Promise<MessageRef> =>
      outbox.postToChannel(channelId, alertPages(message)),
    async update(ref: MessageRef, message: Message): Promise<void> {
      const first = alertPages(message)[0];
      if (first) await outbox.update(ref, first);
    },
    checkChannel: (channelId) => outbox.cannotPostIn(channelId),
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
    // A user id as the channel posts in the person's direct messages with the app.
    async tellPrivately(userId: string, message: Message): Promise<void> {
      await outbox.postToChannel(userId, renderMessage(message));
    },
  };
}

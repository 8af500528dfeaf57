// Builds the Responder the core talks back through for one slash command, click or modal submit:
// channel replies go through chat.postMessage (editable later with chat.update), private ones via
// response_url / chat.postEphemeral, charts via files upload, announcements as a channel post.
// After a restart, restoredResponder edits a stored channel card with the bot token alone.
import type { Logger } from '../../src/logger.js';
import type { MessageRef, Responder } from '../../src/core/index.js';
import type { Message, Visibility } from '../../src/render/message.js';
import type { SlackOutbox } from './outbox.js';
import { renderMessage } from './render.js';

/** Where a responder delivers: the conversation it was built for. */
export interface ResponderContext {
  channelId: string;
  userId: string;
  /** response_url of the slash command or click, when Slack gave one. */
  responseUrl?: string;
  /** response_url to edit the card with (the click on an ephemeral card), when known. */
  cardResponseUrl?: string;
  /** Visibility when neither the reply options nor the message say (until defer() says otherwise). */
  defaultVisibility: Visibility;
}

const PRIVATE_CHART_NOTE =
  'Charts cannot be shown in a private reply; run the command in the channel to see them.';

/** The Slack Responder for one conversation. */
export function createResponder(outbox: SlackOutbox, ctx: ResponderContext, logger?: Logger): Responder {
  let defaultVisibility = ctx.defaultVisibility;

  return {
    // Slack was acked on receipt; the core's decision only becomes the default visibility.
    acknowledged: true,
    async defer(visibility) {
      defaultVisibility = visibility;
    },

    async reply(message, options): Promise<MessageRef> {
      const visibility = options?.visibility ?? message.visibility ?? defaultVisibility;
      if (visibility === 'ephemeral') {
        const hasCharts = (message.attachments?.length ?? 0) > 0;
        const shown: Message = hasCharts
          ? { ...message, blocks: [...message.blocks, { type: 'context', text: PRIVATE_CHART_NOTE }] }
          : message;
        return outbox.postEphemeral(ctx.channelId, ctx.userId, renderMessage(shown), ctx.responseUrl);
      }
      const ref = await outbox.postToChannel(ctx.channelId, renderMessage(message), ctx.responseUrl);
      if (message.attachments && message.attachments.length > 0) {
        try {
          await outbox.upload(ctx.channelId, message.attachments);
        } catch (error) {
          logger?.warn({ err: error }, 'slack chart upload failed');
          await outbox.postToChannel(
            ctx.channelId,
            renderMessage({
              tone: 'warning',
              blocks: [{ type: 'context', text: 'The chart could not be uploaded to Slack.' }],
            }),
          );
        }
      }
      return ref;
    },

    async update(ref, message): Promise<void> {
      const [first] = renderMessage({ ...message, attachments: [] });
      if (!first) return;
      const isCardHere = ref.extra?.['mode'] !== 'message' && ref.channelId === ctx.channelId;
      const delivered = await outbox.update(ref, first, isCardHere ? ctx.cardResponseUrl : undefined);
      // Not an error for the core: the card's last allowed edit already told the user why.
      if (!delivered) logger?.warn({ channelId: ref.channelId }, 'slack card can no longer be edited');
    },

    async announce(message): Promise<void> {
      await outbox.postToChannel(
        ctx.channelId,
        renderMessage({ ...message, attachments: [] }),
        ctx.responseUrl,
      );
    },
  };
}

/**
 * A Responder for a card posted before a restart (operation tracking resumes through it): only
 * channel messages qualify — they are edited with chat.update and the bot token — because
 * response_urls were never persisted; returns null for any other ref.
 */
export function restoredResponder(outbox: SlackOutbox, ref: MessageRef, logger?: Logger): Responder | null {
  if (
    ref.platform !== 'slack' ||
    (ref.extra?.['mode'] ?? 'message') !== 'message' ||
    !ref.id ||
    !ref.channelId
  )
    return null;
  const channel = createResponder(
    outbox,
    { channelId: ref.channelId, userId: '', defaultVisibility: 'channel' },
    logger,
  );
  return {
    async reply(message, options) {
      if ((options?.visibility ?? message.visibility) === 'ephemeral') {
        throw new Error('a restored Slack conversation has no user to answer privately');
      }
      return channel.reply(message, { visibility: 'channel' });
    },
    update: (target, message) => channel.update(target, message),
    announce: (message) => channel.announce?.(message) ?? Promise.resolve(),
  };
}

// Builds the Responder the core talks back through for one slash command, click or modal submit:
// channel replies go through chat.postMessage (editable later with chat.update), private ones via
// response_url / chat.postEphemeral, charts via files upload, announcements as a channel post.
// After a restart, restoredResponder edits a stored channel card with the bot token alone.
import type { Logger } from '../../src/logger.js';
import { DEFAULT_LOCALE, t, type Locale, type MessageRef, type Responder } from '../../src/core/index.js';
import type { Message, Visibility } from '../../src/render/message.js';
import type { SlackOutbox } from './outbox.js';
import { renderMessage } from './render.js';
import { sendWithTableFallback } from './table-fallback.js';
import { DEFAULT_CHANNEL_LOCALE, type ChannelLocaleLookup } from './response-urls.js';

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
  /** The user's language (looked up once after the ack); the default when absent. */
  locale?: () => Promise<Locale>;
}

/** The Slack Responder for one conversation. */
export function createResponder(outbox: SlackOutbox, ctx: ResponderContext, logger?: Logger): Responder {
  let defaultVisibility = ctx.defaultVisibility;
  const userLocale = ctx.locale ?? (() => Promise.resolve(DEFAULT_LOCALE));
  // What everyone in the channel sees from the adapter itself: the core says how to read it.
  let channelLocale: ChannelLocaleLookup = DEFAULT_CHANNEL_LOCALE;

  return {
    // Slack was acked on receipt; the core's decision only becomes the default visibility.
    acknowledged: true,
    async defer(visibility) {
      defaultVisibility = visibility;
    },
    useChannelLocale(lookup) {
      channelLocale = lookup;
    },

    async reply(message, options): Promise<MessageRef> {
      const visibility = options?.visibility ?? message.visibility ?? defaultVisibility;
      const locale = await userLocale();
      if (visibility === 'ephemeral') {
        const hasCharts = (message.attachments?.length ?? 0) > 0;
        const note = t(locale, 'slack.chart.private');
        const shown: Message = hasCharts
          ? { ...message, blocks: [...message.blocks, { type: 'context', text: note }] }
          : message;
        return sendWithTableFallback(shown, { locale }, (pages) =>
          outbox.postEphemeral(ctx.channelId, ctx.userId, pages, ctx.responseUrl),
        );
      }
      const ref = await sendWithTableFallback(message, { locale }, (pages) =>
        outbox.postToChannel(ctx.channelId, pages, ctx.responseUrl, channelLocale),
      );
      if (message.attachments && message.attachments.length > 0) {
        try {
          await outbox.upload(ctx.channelId, message.attachments);
        } catch (error) {
          logger?.warn({ err: error }, 'slack chart upload failed');
          const noteLocale = await channelLocale();
          await outbox.postToChannel(
            ctx.channelId,
            renderMessage(
              {
                tone: 'warning',
                blocks: [{ type: 'context', text: t(noteLocale, 'slack.chart.uploadFailed') }],
              },
              { locale: noteLocale },
            ),
          );
        }
      }
      return ref;
    },

    async update(ref, message): Promise<void> {
      const isCardHere = ref.extra?.['mode'] !== 'message' && ref.channelId === ctx.channelId;
      const url = isCardHere ? ctx.cardResponseUrl : undefined;
      const shown = { ...message, attachments: [] };
      const delivered = await sendWithTableFallback(shown, { locale: await userLocale() }, ([first]) =>
        first ? outbox.update(ref, first, url, channelLocale) : Promise.resolve(true),
      );
      // Not an error for the core: the card's last allowed edit already told the user why.
      if (!delivered) logger?.warn({ channelId: ref.channelId }, 'slack card can no longer be edited');
    },

    // A public notice: written in the channel's language, rendered in it.
    async announce(message): Promise<void> {
      await outbox.postToChannel(
        ctx.channelId,
        renderMessage({ ...message, attachments: [] }, { locale: await channelLocale() }),
        ctx.responseUrl,
        channelLocale,
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

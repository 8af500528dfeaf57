// Posting "on the bot's own" (alerts of watched instances): a channel message through REST with
// the bot token, edited in place later. Alert buttons run commands ("vps:run:" custom_ids from
// renderMessage), dispatched like typed ones when clicked (interactions.ts).
import { Routes } from 'discord.js';
import type { REST } from 'discord.js';
import type { ChannelPoster, MessageRef } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import { channelRefusal } from './errors.js';
import { editPayload, freshPayload, restBody, sentAsV2, sentRef } from './layout.js';

/** The Discord ChannelPoster over the running client's REST (bot token). */
export function discordChannelPoster(rest: () => REST): ChannelPoster {
  return {
    platform: 'discord',
    async post(channelId: string, message: Message): Promise<MessageRef> {
      const payload = freshPayload(message);
      const { body, files } = restBody(payload);
      const sent = (await rest().post(Routes.channelMessages(channelId), { body, files })) as { id: string };
      return sentRef(channelId, sent.id, payload);
    },
    async update(ref: MessageRef, message: Message): Promise<void> {
      const { body, files } = restBody(editPayload(message, {}, sentAsV2(ref)));
      await rest().patch(Routes.channelMessage(ref.channelId, ref.id), { body, files });
    },
    // A reply on the card (message_reference): a storm group's full member list, under its card.
    async reply(ref: MessageRef, message: Message): Promise<MessageRef> {
      const payload = freshPayload(message);
      const { body, files } = restBody(payload);
      const sent = (await rest().post(Routes.channelMessages(ref.channelId), {
        body: { ...body, message_reference: { message_id: ref.id, fail_if_not_exists: false } },
        files,
      })) as { id: string };
      return sentRef(ref.channelId, sent.id, payload);
    },
    // Reading the channel fails with 403 / 404 where the bot cannot see it; a read-only channel it
    // can see is only found out at the first post (then retried, counted and told to the owner).
    async checkChannel(channelId: string): Promise<string | null> {
      try {
        await rest().get(Routes.channel(channelId));
        return null;
      } catch (error) {
        const reason = channelRefusal(error);
        return reason === 'missing_access' || reason === 'channel_not_found' ? reason : null;
      }
    },
    failureReason: channelRefusal,
    // Needs the Pin Messages permission; the card is pinned and unpinned by id.
    async setPinned(ref: MessageRef, pinned: boolean): Promise<void> {
      const route = Routes.channelMessagesPin(ref.channelId, ref.id);
      await (pinned ? rest().put(route) : rest().delete(route));
    },
    // A direct message: open (or find) the DM channel with the person, then post in it.
    async tellPrivately(userId: string, message: Message): Promise<void> {
      const dm = (await rest().post(Routes.userChannels(), { body: { recipient_id: userId } })) as {
        id: string;
      };
      const { body, files } = restBody(freshPayload(message));
      await rest().post(Routes.channelMessages(dm.id), { body, files });
    },
  };
}

// Posting "on the bot's own" (alerts of watched instances): a channel message through REST with
// the bot token, edited in place later. Alert buttons carry the core's token in the same
// "vps:confirm:" custom_id as Confirm, so a click reaches Dispatcher.act with no new routing.
import { ButtonStyle, ComponentType, Routes } from 'discord.js';
import type { APIButtonComponentWithCustomId, REST } from 'discord.js';
import type { MessageRef } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import type { ChannelPoster } from '../../src/watch/index.js';
import { channelRefusal } from './errors.js';
import { DISCORD_LIMITS as L, fit } from './limits.js';
import { CUSTOM_ID, customId, renderMessage, toRestBody, type DiscordPayload } from './render.js';

/** The rendered message with the alert buttons as one more action row. */
function withButtons(message: Message): DiscordPayload {
  const payload = renderMessage(message);
  const buttons = (message.buttons ?? [])
    .slice(0, L.buttonsPerRow)
    .map((button): APIButtonComponentWithCustomId => ({
      type: ComponentType.Button,
      style:
        button.style === 'danger'
          ? ButtonStyle.Danger
          : button.style === 'primary'
            ? ButtonStyle.Primary
            : ButtonStyle.Secondary,
      label: fit(button.label, L.buttonLabel),
      custom_id: customId(CUSTOM_ID.confirm, button.token),
    }));
  if (buttons.length > 0)
    payload.components = [...payload.components, { type: ComponentType.ActionRow, components: buttons }];
  return payload;
}

/** The Discord ChannelPoster over the client's REST (bot token). */
export function discordChannelPoster(rest: REST): ChannelPoster {
  return {
    platform: 'discord',
    async post(channelId: string, message: Message): Promise<MessageRef> {
      const { body, files } = toRestBody(withButtons(message));
      const sent = (await rest.post(Routes.channelMessages(channelId), { body, files })) as { id: string };
      return { platform: 'discord', channelId, id: sent.id, extra: { ephemeral: '0' } };
    },
    async update(ref: MessageRef, message: Message): Promise<void> {
      const { body, files } = toRestBody(withButtons(message));
      await rest.patch(Routes.channelMessage(ref.channelId, ref.id), { body, files });
    },
    // Reading the channel fails with 403 / 404 where the bot cannot see it; a read-only channel it
    // can see is only found out at the first post (then retried, counted and told to the owner).
    async checkChannel(channelId: string): Promise<string | null> {
      try {
        await rest.get(Routes.channel(channelId));
        return null;
      } catch (error) {
        const reason = channelRefusal(error);
        return reason === 'missing_access' || reason === 'channel_not_found' ? reason : null;
      }
    },
    failureReason: channelRefusal,
    // A direct message: open (or find) the DM channel with the person, then post in it.
    async tellPrivately(userId: string, message: Message): Promise<void> {
      const dm = (await rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as {
        id: string;
      };
      const { body, files } = toRestBody(renderMessage(message));
      await rest.post(Routes.channelMessages(dm.id), { body, files });
    },
  };
}

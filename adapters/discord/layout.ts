// Which layout a Discord message goes out in, and its wire forms. A new message (the edit of a
// deferred reply, a follow-up, a channel post) is a Components V2 card where V2 carries it, else
// embeds. An edit keeps the layout the message has: Discord never lets IS_COMPONENTS_V2 go (an
// over-limit edit of a V2 card is cut to fit instead), and an embed message stays embeds (it could
// be upgraded only by nulling its content and embeds, and its stored ref would then no longer say
// how to edit it). A V2 message's ref says so (`extra.v2`), so edits by ref know its layout.
import type { MessageRef } from '../../src/core/index.js';
import type { Message, RenderOptions } from '../../src/render/message.js';
import { renderMessage, toInteractionOptions, toRestBody, type DiscordPayload } from './render.js';
import {
  fittedCardV2,
  isV2,
  renderCardV2,
  toV2InteractionOptions,
  toV2RestBody,
  type V2Payload,
} from './render-v2.js';

/** A rendered Discord message: embeds or a Components V2 card. */
export type AnyPayload = DiscordPayload | V2Payload;

/** A new message: a V2 card where V2 carries it, else the embed rendering. */
export function freshPayload(message: Message, options: RenderOptions = {}): AnyPayload {
  return renderCardV2(message, options) ?? renderMessage(message, options);
}

/** An edit of a message that is (`v2`) or is not a Components V2 card: the same layout again. */
export function editPayload(message: Message, options: RenderOptions, v2: boolean): AnyPayload {
  if (!v2) return renderMessage(message, options);
  return renderCardV2(message, options) ?? fittedCardV2(message, options);
}

/** Whether the message a ref points at was sent as a Components V2 card. */
export const sentAsV2 = (ref: MessageRef): boolean => ref.extra?.['v2'] === '1';

/** The ref of a message just sent with `payload`. */
export function sentRef(channelId: string, id: string, payload: AnyPayload, ephemeral = false): MessageRef {
  const extra: Record<string, string> = { ephemeral: ephemeral ? '1' : '0' };
  if (isV2(payload)) extra['v2'] = '1';
  return { platform: 'discord', channelId, id, extra };
}

/** The payload as a REST body plus its files. */
export const restBody = (payload: AnyPayload) =>
  isV2(payload) ? toV2RestBody(payload) : toRestBody(payload);

/** The payload as discord.js interaction options, with `extraFlags` (Ephemeral) added. */
export function interactionOptions(payload: AnyPayload, extraFlags = 0) {
  if (isV2(payload)) return toV2InteractionOptions(payload, extraFlags);
  const options = toInteractionOptions(payload);
  return extraFlags === 0 ? options : { ...options, flags: extraFlags };
}

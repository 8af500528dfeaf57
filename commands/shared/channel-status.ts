// `status` in a channel with no bound instance: what asks for attention here now — its open storms
// and alerts, the running silences and the confirmations still waiting — on one card, built by the
// core's channelStatusMessage (the live card's builder too); `catchup` and `handoff` take its sections.
import { channelStatusMessage, type CommandContext } from '../../src/core/index.js';
import type { Field, Message } from '../../src/render/message.js';

/** What asks for attention in the channel now, on the card `status` shows. */
async function channelStatus(ctx: CommandContext): Promise<Message> {
  const { locale } = ctx;
  const watches = ctx.bot.watches;
  const [incidents, silences, pending] = await Promise.all([
    watches?.openIncidents?.(ctx.actor.platform, ctx.channelId, locale) ?? [],
    watches?.silences?.list(locale, { platform: ctx.actor.platform, channelId: ctx.channelId }) ?? [],
    ctx.bot.pendingHere?.(ctx.channelId) ?? [],
  ]);
  return channelStatusMessage(locale, { incidents, silences, pending });
}

/** The card's sections (open incidents, silences, waiting confirmations), for a catch-up or hand-off. */
export async function channelStatusFields(ctx: CommandContext): Promise<Field[]> {
  return (await channelStatus(ctx)).blocks.flatMap((block) => (block.type === 'fields' ? block.fields : []));
}

/** The channel's open incidents, silences and waiting confirmations; private unless `shared`. */
export async function channelStatusCard(ctx: CommandContext, shared: boolean): Promise<Message> {
  const card = await channelStatus(ctx);
  return shared ? card : { ...card, visibility: 'ephemeral' };
}

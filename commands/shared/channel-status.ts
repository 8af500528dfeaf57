// `status` in a channel with no bound instance: what asks for attention here now — its open storms
// and alerts, the running silences and the confirmations still waiting — on the card the live
// status card shares (the core's replies/channel-status.ts).
import { t, type CommandContext } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';

/** The channel's open incidents, silences and waiting confirmations; private unless `shared`. */
export async function channelStatusCard(ctx: CommandContext, shared: boolean): Promise<Message> {
  const { locale } = ctx;
  const card = (await ctx.bot.channelStatus?.(ctx.channelId, locale)) ?? {
    title: t(locale, 'bot.status.noneTitle'),
    blocks: [{ type: 'text' as const, text: t(locale, 'bot.status.none') }],
  };
  return shared ? card : { ...card, visibility: 'ephemeral' };
}

// `status --live` / `status --live off`: the channel's live status card — posted and pinned, kept
// current by the watches' updater — started or stopped; the answer says which.
import { UserError, t, type CommandContext, type Locale, type MessageKey } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';

/** Starts (or, with `off`, stops) the channel's live card; the private answer line. */
export async function liveStatus(ctx: CommandContext, off: boolean): Promise<Message> {
  const { locale } = ctx;
  const live = ctx.bot.watches?.live;
  if (!live) throw new UserError('cannot-post', t(locale, 'live.cannotPin'));
  const where = [ctx.actor.platform, ctx.channelId] as const;
  if (off) {
    const stopped = await live.stop(...where);
    return answer(locale, stopped ? 'live.stopped' : 'live.noneHere');
  }
  // Everyone in the channel reads the card: in the channel's language (`language`), not the asker's.
  const cardLocale = (await ctx.bot.channelLocale(ctx.channelId)).locale;
  return answer(locale, `live.${await live.start(...where, ctx.actor, cardLocale)}`);
}

const answer = (locale: Locale, key: MessageKey): Message => ({
  blocks: [{ type: 'text', text: t(locale, key) }],
  visibility: 'ephemeral',
});

// `status --live` / `status --live off`: the channel's live status card — posted and pinned, kept
// current by the watches' updater — started or stopped; the answer says which.
import { UserError, t, type CommandContext } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';

/** Starts (or, with `off`, stops) the channel's live card; the private answer line. */
export async function liveStatus(ctx: CommandContext, off: boolean): Promise<Message> {
  const { locale } = ctx;
  const live = ctx.bot.watches?.live;
  if (!live) throw new UserError('cannot-post', t(locale, 'live.cannotPin'));
  const where = [ctx.actor.platform, ctx.channelId] as const;
  const key = off
    ? (await live.stop(...where))
      ? 'live.stopped'
      : 'live.noneHere'
    : (`live.${await live.start(...where, ctx.actor, locale)}` as const);
  return { blocks: [{ type: 'text', text: t(locale, key) }], visibility: 'ephemeral' };
}

// `catchup`: a private summary for someone joining — what asks for attention now (open incidents and
// groups, silences, approvals waiting) and what changed since they last looked, and who did it.
// `handoff` (story-notes.ts) posts the same facts for the channel.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  t,
  type CommandContext,
  type Locale,
} from '../src/core/index.js';
import type { Field, Message } from '../src/render/message.js';
import { shorten } from '../src/render/shorten.js';
import { zonedClock, zonedDateTime } from '../src/render/zoned-time.js';
import { channelStatusFields } from './shared/channel-status.js';
import { itemText, sinceDuration, storyItems } from './shared/story-lines.js';

/** Without --since and without an earlier command of theirs here: the last two hours. */
const DEFAULT_SPAN_MS = 2 * 3_600_000;
/** Changes listed; the rest are counted, with the `timeline` that shows them. */
const LISTED = 12;
/** Under Discord's 1024 characters per embed field. */
const FIELD_CHARS = 1000;

/** When the reader last ran a command in this channel (this one aside), from the audit trail. */
async function lastCommandAt(ctx: CommandContext): Promise<number | undefined> {
  const records = await ctx.bot.recentAudit(ctx.channelId, 1_000);
  const mine = records.find(
    (r) => r.userId === ctx.actor.userId && r.invocationId !== ctx.invocationId && r.command !== 'catchup',
  );
  const at = mine ? Date.parse(mine.time) : NaN;
  return Number.isNaN(at) ? undefined : at;
}

/** The facts of a catch-up or hand-off from `since`: the channel's state and what changed. */
export async function catchupFields(ctx: CommandContext, since: number, locale: Locale): Promise<Field[]> {
  const now = ctx.now().getTime();
  const zone = ctx.bot.story.timeZone(ctx.actor);
  const [status, items] = await Promise.all([channelStatusFields(ctx), storyItems(ctx, since)]);
  const newest = items.slice(-LISTED);
  const lines = newest.map((item) => `${zonedClock(item.at, zone, now, locale)} ${itemText(item, locale)}`);
  if (items.length > LISTED) {
    const span = `${Math.max(1, Math.ceil((now - since) / 3_600_000))}h`;
    lines.unshift(t(locale, 'story.catchup.more', { count: items.length - LISTED, since: span }));
  }
  const changed = lines.length > 0 ? lines.join('\n') : t(locale, 'story.catchup.nothingChanged');
  return [
    ...status,
    { label: t(locale, 'story.catchup.changed'), value: shorten(changed, FIELD_CHARS) },
  ];
}

export const catchup = defineCommand({
  group: '',
  name: 'catchup',
  summary: 'Catch up: open incidents, silences, approvals waiting, and what changed and who did it',
  description:
    'Since your last command in this channel (else the last 2 hours) unless --since says otherwise. Only you see it.',
  examples: ['/vps catchup', '/vps catchup --since 8h'],
  args: {
    since: optional(
      asFlag(arg.string('From how long ago: 30m, 2h, 3d or 1w', { max: 20, positional: false })),
    ),
  },
  risk: 'read',
  visibility: 'ephemeral',
  run: async (ctx, args): Promise<Message> => {
    const { locale } = ctx;
    const now = ctx.now().getTime();
    const since = args.since
      ? sinceDuration(args.since, now, locale)
      : ((await lastCommandAt(ctx)) ?? now - DEFAULT_SPAN_MS);
    const zone = ctx.bot.story.timeZone(ctx.actor);
    const title = t(locale, 'story.catchup.title', { since: zonedDateTime(since, zone, locale) });
    return {
      title,
      tone: 'info',
      summary: title,
      blocks: [
        { type: 'fields', fields: await catchupFields(ctx, since, locale) },
        { type: 'context', text: t(locale, 'story.catchup.zone', { zone }) },
      ],
    };
  },
});

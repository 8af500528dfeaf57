// What people add to the channel's story: `note <text>` (also the Slack message shortcut and the
// Discord message command "Add to timeline", which run it with the message's text and author), and
// `handoff [@user]`, a card for the channel with where things stand, recording who handed to whom.
import {
  arg,
  asFlag,
  defineCommand,
  optional,
  t,
  UserError,
  type CommandContext,
} from '../src/core/index.js';
import type { Message, PersonRef } from '../src/render/message.js';
import { shorten } from '../src/render/shorten.js';
import { zonedDateTime } from '../src/render/zoned-time.js';
import { catchupFields } from './catchup.js';
import { sinceDuration, type StoryPerson } from './shared/story-lines.js';

/** A note's words at most (a long message is cut, on a grapheme boundary). */
export const NOTE_CHARS = 1_000;
/** A message's author as the shortcut passes it: a platform user id. */
const AUTHOR = { max: 40, positional: false };
/** A hand-off looks back this far unless --since says otherwise: about a shift. */
const HANDOFF_SPAN = '12h';

const me = (ctx: CommandContext): StoryPerson => ({
  userId: ctx.actor.userId,
  name: ctx.actor.displayName || ctx.actor.userId,
});

/** Adds a note by `by` (the author of a message, or whoever typed it) to the channel's story. */
export async function addNote(ctx: CommandContext, text: string, by: StoryPerson): Promise<void> {
  await ctx.bot.story.add(ctx.channelId, {
    at: ctx.now().getTime(),
    kind: 'note',
    by,
    detail: shorten(text.replace(/\s+/g, ' ').trim(), NOTE_CHARS),
  });
}

export const note = defineCommand({
  group: '',
  name: 'note',
  summary: 'Add a note to this channel’s timeline',
  description: 'The note is shown as written (no mentions or formatting), with your name and the time.',
  examples: ['/vps note restarted nginx by hand on web-1', '/vps note customer told, next update 15:00'],
  args: {
    text: arg.string('What to note', { rest: true, max: 4_000 }),
    author: optional(
      asFlag(
        arg.string('Who wrote the message noted (a user id; the “Add to timeline” shortcut sets it)', AUTHOR),
      ),
    ),
  },
  risk: 'read',
  visibility: 'ephemeral',
  run: async (ctx, { text, author }) => {
    if (!text.trim()) throw new UserError('usage', t(ctx.locale, 'story.note.empty'));
    if (author !== undefined && !/^[A-Za-z0-9_.-]{1,40}$/.test(author))
      throw new UserError(
        'invalid-argument',
        t(ctx.locale, 'story.handoff.badUser', { value: shorten(author, 41) }),
      );
    await addNote(ctx, text, author ? { userId: author, name: author } : me(ctx));
    return {
      message: { tone: 'success', blocks: [{ type: 'context', text: t(ctx.locale, 'story.note.added') }] },
      auditSummary: 'note added',
    };
  },
});

/** Whom `handoff` names: a member the platform's syntax reads ("user:<id>"), or on the console a name. */
function receiver(ctx: CommandContext, word: string): StoryPerson {
  const member = ctx.bot.policyRoles.members(word);
  if (member?.startsWith('user:')) {
    const userId = member.slice('user:'.length);
    const name = /\|([^>]+)>$/.exec(word)?.[1] ?? userId;
    return { userId, name };
  }
  if (member === null && ctx.actor.platform === 'console' && /^@?[\w.-]{1,64}$/.test(word)) {
    const name = word.replace(/^@/, '');
    return { userId: name, name };
  }
  throw new UserError(
    'invalid-argument',
    t(ctx.locale, 'story.handoff.badUser', { value: shorten(word, 41) }),
  );
}

export const handoff = defineCommand({
  group: '',
  name: 'handoff',
  summary: 'Hand the channel over: a card with where things stand, naming who takes over',
  description:
    'Posts open incidents, silences, approvals waiting and what changed (last 12 h unless --since) for everyone here.',
  examples: ['/vps handoff @bob', '/vps handoff', '/vps handoff @bob --since 8h'],
  args: {
    to: optional(arg.string('Who takes over (mention them); empty: whoever comes next', { max: 120 })),
    since: optional(
      asFlag(arg.string('From how long ago: 30m, 2h, 3d or 1w', { max: 20, positional: false })),
    ),
  },
  risk: 'read',
  run: async (ctx, args) => {
    const { locale } = ctx;
    const now = ctx.now().getTime();
    const since = sinceDuration(args.since ?? HANDOFF_SPAN, now, locale);
    const to = args.to ? receiver(ctx, args.to) : undefined;
    if (to && to.userId === ctx.actor.userId)
      throw new UserError('invalid-argument', t(locale, 'story.handoff.self'));
    const from = me(ctx);
    const fields = await catchupFields(ctx, since, locale);
    await ctx.bot.story.add(ctx.channelId, { at: now, kind: 'handoff', by: from, ...(to ? { to } : {}) });
    const person = (p: StoryPerson): PersonRef => ({
      type: 'user',
      platform: ctx.actor.platform,
      id: p.userId,
      displayName: p.name,
      notify: true,
    });
    const toName = to ? to.name : t(locale, 'story.nobody');
    const zone = ctx.bot.story.timeZone(ctx.actor);
    const message: Message = {
      title: t(locale, 'story.handoff.title', { from: from.name, to: toName }),
      tone: 'info',
      summary: t(locale, 'story.handoff.title', { from: from.name, to: toName }),
      blocks: [
        {
          type: 'text',
          text: t(locale, 'story.handoff.text', { from: `@${from.name}`, to: to ? `@${to.name}` : toName }),
        },
        ...(to
          ? [
              {
                type: 'context' as const,
                text: `@${from.name} → @${to.name}`,
                parts: [person(from), ' → ', person(to)],
              },
            ]
          : []),
        { type: 'fields', fields },
        {
          type: 'context',
          text: `${t(locale, 'story.catchup.title', { since: zonedDateTime(since, zone, locale) })} · ${t(locale, 'story.catchup.zone', { zone })}`,
        },
      ],
    };
    return { message, auditSummary: to ? `handed over to ${to.userId}` : 'handed over' };
  },
});

export const storyCommands = [note, handoff];

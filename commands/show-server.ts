// "Show server" from any message (Slack's message shortcut, Discord's message context-menu
// command): the hidden `instance find <text>` reads the instance list, finds the servers the text
// names (shared/find-servers.ts) and answers privately with each one's card (at most 5) — the same
// card `instance show` gives — or says that none was found. Not in help or registration.
import {
  arg,
  commandGroup,
  optional,
  readAllInstances,
  t,
  type CommandDefinition,
} from '../src/core/index.js';
import type { Block, Message } from '../src/render/message.js';
import { findServers } from './shared/find-servers.js';
import { instanceShow } from './instance.js';

const command = commandGroup('instance');

/** Longest message text searched (Discord's content and embeds fit; Slack's text is cut to it). */
export const FIND_TEXT_MAX = 8_000;

/** Several cards in one private answer: each server's name line, its fields and ids, divided. */
function cardsTogether(cards: Message[], title: string): Message {
  const [only] = cards;
  if (cards.length === 1 && only) return { ...only, visibility: 'ephemeral' };
  const blocks = cards.flatMap((card, i): Block[] => [
    ...(i > 0 ? [{ type: 'divider' } as const] : []),
    { type: 'text', text: card.summary ?? card.title ?? '' },
    ...card.blocks,
  ]);
  return { title, tone: 'info', blocks, visibility: 'ephemeral' };
}

/** Each server a message's text names, on its card, privately. */
export const instanceFind = command({
  name: 'find',
  summary: 'Show the servers a message names (its "Show server" menu entry)',
  args: { text: optional(arg.string('The message text', { rest: true, max: FIND_TEXT_MAX })) },
  risk: 'read',
  visibility: 'ephemeral',
  hidden: true,
  run: async (ctx, { text }) => {
    const found = text === undefined ? [] : findServers(text, (await readAllInstances(ctx.api)).items);
    if (found.length === 0)
      return {
        title: t(ctx.locale, 'showServer.noneTitle'),
        tone: 'info',
        blocks: [{ type: 'text', text: t(ctx.locale, 'showServer.none') }],
        visibility: 'ephemeral',
      };
    const cards = await Promise.all(
      found.map((s) => instanceShow.run(ctx, { instance: { uuid: s.uuid, label: s.hostname ?? s.uuid } })),
    );
    const messages = cards.map((c) => ('message' in c ? c.message : c));
    return cardsTogether(messages, t(ctx.locale, 'showServer.title', { count: found.length }));
  },
});

/** The hidden command behind "Show server", listed in commands/index.ts. */
export const showServerCommands: CommandDefinition[] = [instanceFind] as CommandDefinition[];

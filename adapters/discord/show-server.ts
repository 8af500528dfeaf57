// "Show server" on any message: a message context-menu command (application command type 3). Its
// registration entry, the target message's text (content, embeds and Components V2 text displays),
// and the invocation of the hidden `instance find <text>` that answers privately with the cards of
// the servers the text names (commands/show-server.ts, through the shared finder).
import { ApplicationCommandType, InteractionContextType, Locale as DiscordLocale } from 'discord.js';
import type {
  APIEmbed,
  Message as DiscordMessage,
  MessageContextMenuCommandInteraction,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import { DEFAULT_LOCALE, t, type Invocation } from '../../src/core/index.js';
import { clickInvocation } from './translate.js';

/** The command's path in the shared command layer (hidden: not in help or the `/vps` payload). */
export const SHOW_SERVER_PATH = ['instance', 'find'];

/** Most characters of a message searched (the hidden command's argument takes no more). */
const TEXT_MAX = 8_000;

/** The registration entry: a message command named in English, and in Indonesian for Indonesian clients. */
export function showServerCommand(): RESTPostAPIContextMenuApplicationCommandsJSONBody & {
  description: string;
} {
  return {
    name: t(DEFAULT_LOCALE, 'discord.showServer'),
    type: ApplicationCommandType.Message,
    // Discord answers '' for a message command; sending it keeps the registered payload equal.
    description: '',
    name_localizations: { [DiscordLocale.Indonesian]: t('id', 'discord.showServer') },
    contexts: [InteractionContextType.Guild],
  };
}

function embedText(embed: APIEmbed): string[] {
  return [
    embed.title ?? '',
    embed.description ?? '',
    ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]),
    embed.footer?.text ?? '',
  ];
}

/** Text displays (and any other `content`) in a V2 message's component tree. */
function componentText(node: unknown, out: string[]): string[] {
  if (!node || typeof node !== 'object') return out;
  const c = node as { content?: unknown; components?: unknown[]; accessory?: unknown };
  if (typeof c.content === 'string') out.push(c.content);
  for (const child of c.components ?? []) componentText(child, out);
  if (c.accessory) componentText(c.accessory, out);
  return out;
}

/** Everything a person reads in the message, as one text to search. */
export function messageText(message: DiscordMessage): string {
  const parts = [
    message.content,
    ...message.embeds.flatMap((e) => embedText(e.toJSON())),
    ...message.components.flatMap((c) => componentText(c.toJSON(), [])),
  ];
  return parts
    .filter((p) => p.trim() !== '')
    .join('\n')
    .slice(0, TEXT_MAX);
}

/** The click on "Show server" as the hidden command, run as if the clicker typed it. */
export function showServerInvocation(interaction: MessageContextMenuCommandInteraction): Invocation {
  const text = messageText(interaction.targetMessage);
  return {
    ...clickInvocation(interaction, ''),
    input: { kind: 'options', path: SHOW_SERVER_PATH, options: text ? { text } : {} },
  };
}

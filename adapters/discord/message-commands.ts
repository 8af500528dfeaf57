// The message context-menu commands (application command type 3) in every message's Apps menu:
// "Show server" runs the hidden `instance find` with everything the message shows (content, embeds,
// Components V2 text displays); "Add to timeline" runs `note` with the message's text and its
// author. Their registration entries, and the click as the command it runs — the input built by
// src/adapter-kit/message-actions.ts, as Slack's message shortcuts build theirs.
import { ApplicationCommandType, InteractionContextType, Locale as DiscordLocale } from 'discord.js';
import type {
  APIEmbed,
  Message as DiscordMessage,
  MessageContextMenuCommandInteraction,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import { DEFAULT_LOCALE, t, type Invocation } from '../../src/core/index.js';
import { messageActionInput, type MessageAction } from '../../src/adapter-kit/message-actions.js';
import { clickInvocation } from './translate.js';

/** Each message command's name in the catalogues (a command name: at most 32 characters). */
const NAME_KEYS = { showServer: 'discord.showServer', addToTimeline: 'discord.addToTimeline' } as const;

type MessageCommand = RESTPostAPIContextMenuApplicationCommandsJSONBody & { description: string };

/** One registration entry: a message command named in English, and in Indonesian for Indonesian clients. */
function messageCommand(action: MessageAction): MessageCommand {
  return {
    name: t(DEFAULT_LOCALE, NAME_KEYS[action]),
    type: ApplicationCommandType.Message,
    // Discord answers '' for a message command; sending it keeps the registered payload equal.
    description: '',
    name_localizations: { [DiscordLocale.Indonesian]: t('id', NAME_KEYS[action]) },
    contexts: [InteractionContextType.Guild],
  };
}

/** The registration entries, beside `/vps` (Discord allows 5 message commands). */
export function messageCommands(): MessageCommand[] {
  return [messageCommand('showServer'), messageCommand('addToTimeline')];
}

/** Which action a message command is: Discord names it by its registered (English) name. */
export function messageActionOf(commandName: string): MessageAction | undefined {
  return (Object.keys(NAME_KEYS) as MessageAction[]).find(
    (action) => t(DEFAULT_LOCALE, NAME_KEYS[action]) === commandName,
  );
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

/** Everything a person reads in the message, as one text. */
export function messageText(message: DiscordMessage): string {
  const parts = [
    message.content,
    ...message.embeds.flatMap((e) => embedText(e.toJSON())),
    ...message.components.flatMap((c) => componentText(c.toJSON(), [])),
  ];
  return parts.filter((p) => p.trim() !== '').join('\n');
}

/** The click on a message command as the command it runs, as if the clicker typed it. */
export function messageCommandInvocation(
  interaction: MessageContextMenuCommandInteraction,
  action: MessageAction,
): Invocation {
  const message = interaction.targetMessage;
  return {
    ...clickInvocation(interaction, ''),
    input: messageActionInput(action, { text: messageText(message), author: message.author.id }),
  };
}

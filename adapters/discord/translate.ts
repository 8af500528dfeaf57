// Discord interactions → neutral Invocation / ActionEvent. Option names are mapped back from their
// Discord spelling to the definitions' argument names through an index built from the same
// CommandInfo list the registration payload came from.
import { ApplicationCommandOptionType, MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { BaseInteraction, CommandInteractionOption } from 'discord.js';
import type {
  ActionEvent,
  Actor,
  CommandInfo,
  CompletionKind,
  Invocation,
  Locale,
  MessageRef,
  OptionValue,
} from '../../src/core/index.js';
import { localeFrom } from '../../src/core/index.js';
import { discordName, discordPlace } from './commands-payload.js';
import { CUSTOM_ID } from './render.js';

/** One command as reached from Discord: its neutral path and Discord option name → argument name. */
export interface IndexedCommand {
  path: string[];
  argNames: Map<string, string>;
  /** Discord names of options that take an instance (autocompleted). */
  instanceOptions: Set<string>;
  /** Discord names of autocompleted options and what they complete to (instances, seen ids). */
  completedOptions: Map<string, CompletionKind>;
}

/** Commands keyed by their Discord path ("instance stop", "help"). */
export type CommandIndex = Map<string, IndexedCommand>;

/** Builds the lookup from Discord paths and option names back to the definitions. */
export function indexCommands(commands: CommandInfo[]): CommandIndex {
  const index: CommandIndex = new Map();
  for (const c of commands) {
    const place = discordPlace(c);
    const discordPath =
      place.group === '' ? [discordName(place.name)] : [discordName(place.group), discordName(place.name)];
    index.set(discordPath.join(' '), {
      path: c.group === '' ? [c.name] : [c.group, c.name],
      argNames: new Map(c.args.map((a) => [discordName(a.name), a.name])),
      instanceOptions: new Set(c.args.filter((a) => a.kind === 'instance').map((a) => discordName(a.name))),
      completedOptions: new Map(
        c.args.flatMap((a): [string, CompletionKind][] => {
          const kind = a.kind === 'instance' ? 'instance' : a.completes;
          return kind ? [[discordName(a.name), kind]] : [];
        }),
      ),
    });
  }
  return index;
}

/** The acting user: platform user id, display name, member role ids (without @everyone), and whether they manage the server. */
export function actorOf(interaction: BaseInteraction): Actor {
  const member = interaction.member;
  let roles: string[] = [];
  let displayName = interaction.user.globalName ?? interaction.user.username;
  if (member) {
    roles = Array.isArray(member.roles) ? [...member.roles] : [...member.roles.cache.keys()];
    const nick = 'displayName' in member ? member.displayName : member.nick;
    if (nick) displayName = nick;
  }
  roles = roles.filter((id) => id !== interaction.guildId);
  const actor: Actor = { platform: 'discord', userId: interaction.user.id, displayName, roles };
  // `has` counts Administrator as every permission.
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true)
    actor.workspaceAdmin = true;
  return actor;
}

/** The subcommand path and leaf options of a chat-input (or autocomplete) interaction. */
export function readOptions(data: readonly CommandInteractionOption[]): {
  discordPath: string[];
  leaves: CommandInteractionOption[];
} {
  const discordPath: string[] = [];
  let level = data;
  for (;;) {
    const nested = level.find(
      (o) =>
        o.type === ApplicationCommandOptionType.SubcommandGroup ||
        o.type === ApplicationCommandOptionType.Subcommand,
    );
    if (!nested) return { discordPath, leaves: [...level] };
    discordPath.push(nested.name);
    level = nested.options ?? [];
  }
}

/** The user's client language, else the server's (a guild's preferred locale); undefined means English. */
function localeOf(interaction: BaseInteraction): string | undefined {
  return interaction.locale || interaction.guildLocale || undefined;
}

/** The language the adapter itself answers this interaction in (its modal texts, its renderer's words). */
export function answerLocale(interaction: BaseInteraction): Locale {
  return localeFrom(localeOf(interaction));
}

/** `{ locale }` when the interaction names one, read here once (exactOptionalPropertyTypes keeps undefined out). */
function withLocale(interaction: BaseInteraction): { locale?: Locale } {
  const tag = localeOf(interaction);
  return tag ? { locale: localeFrom(tag) } : {};
}

/** A `/vps …` interaction as an Invocation: `{kind:'options', path, options}` with neutral names. */
export function toInvocation(
  interaction: BaseInteraction & { options: { data: readonly CommandInteractionOption[] } },
  index: CommandIndex,
): Invocation {
  const { discordPath, leaves } = readOptions(interaction.options.data);
  const entry = index.get(discordPath.join(' '));
  const options: Record<string, OptionValue | undefined> = {};
  for (const leaf of leaves) {
    if (leaf.value === undefined || leaf.value === null) continue;
    options[entry?.argNames.get(leaf.name) ?? leaf.name] = leaf.value;
  }
  return {
    id: interaction.id,
    platform: 'discord',
    actor: actorOf(interaction),
    channelId: interaction.channelId ?? '',
    input: { kind: 'options', path: entry?.path ?? discordPath, options },
    ...withLocale(interaction),
  };
}

/**
 * What a control's custom_id asks for, or null when it is not ours: a confirmation control and its
 * token, or (`run`) a button whose `token` is the command it runs.
 */
export function parseCustomId(
  id: string,
): { kind: 'confirm' | 'typedConfirm' | 'cancel' | 'typed' | 'run'; token: string } | null {
  for (const kind of ['confirm', 'typedConfirm', 'cancel', 'typed', 'run'] as const) {
    const prefix = CUSTOM_ID[kind];
    if (id.startsWith(prefix) && id.length > prefix.length) return { kind, token: id.slice(prefix.length) };
  }
  return null;
}

/** A click on a button that runs a command, as an Invocation of that command by the clicker. */
export function clickInvocation(interaction: BaseInteraction, text: string): Invocation {
  return {
    id: interaction.id,
    platform: 'discord',
    actor: actorOf(interaction),
    channelId: interaction.channelId ?? '',
    input: { kind: 'text', text },
    ...withLocale(interaction),
  };
}

/** A click or modal submit as an ActionEvent. */
export function toActionEvent(
  interaction: BaseInteraction,
  action: ActionEvent['action'],
  token: string,
  input?: string,
): ActionEvent {
  const event: ActionEvent = {
    id: interaction.id,
    platform: 'discord',
    actor: actorOf(interaction),
    channelId: interaction.channelId ?? '',
    token,
    action,
    ...withLocale(interaction),
  };
  if (input !== undefined) event.input = input;
  const clicked = clickedMessage(interaction);
  if (clicked) event.clicked = clicked;
  return event;
}

/** The message a component (or a modal opened from one) was on: a click can beat the card's ref to the store. */
function clickedMessage(interaction: BaseInteraction): MessageRef | undefined {
  const message = (
    interaction as { message?: { id?: string; flags?: { has(flag: number): boolean } } | null }
  ).message;
  if (!message?.id || !interaction.channelId) return undefined;
  const ephemeral = message.flags?.has(MessageFlags.Ephemeral) === true;
  return {
    platform: 'discord',
    channelId: interaction.channelId,
    id: message.id,
    extra: { ephemeral: ephemeral ? '1' : '0' },
  };
}

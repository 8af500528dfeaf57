// The registration payload, derived from the same command definitions the core runs: one `/vps`
// command whose subcommand groups are the resource groups (instance, snapshot, …) and whose plain
// subcommands are the bot commands (group ''). Pure, so tests can compare it with the definitions.
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  Locale as DiscordLocale,
} from 'discord.js';
import type {
  APIApplicationCommandBasicOption,
  APIApplicationCommandSubcommandGroupOption,
  APIApplicationCommandSubcommandOption,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { argDescription, commandSummary, DEFAULT_LOCALE, LOCALES, t } from '../../src/core/index.js';
import type { ArgInfo, CommandInfo, Locale } from '../../src/core/index.js';
import { DISCORD_LIMITS as L, fit } from './limits.js';
import { prefixWithin } from '../../src/render/shorten.js';

/** The one top-level slash command. */
export const ROOT_COMMAND = 'vps';

/** A name Discord accepts: lowercase, ≤ 32 chars, camelCase split with dashes (snapshotUuid → snapshot-uuid). */
export function discordName(name: string): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^-_\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return prefixWithin(kebab || 'x', L.commandName);
}

/**
 * Where a command sits under /vps on Discord when that differs from its neutral path. Discord allows
 * 25 entries under one command, and the plain commands plus the resource groups outgrew it: the
 * incident's story (timeline, its export, catch-up, hand-off, notes) shares one group there, the
 * schedules join `schedule in|at`, the silences share one group, the audit sits with the story, and
 * the channel's language with the other admin settings (multi-guild mode adds connect / disconnect).
 */
const DISCORD_PLACE: Record<string, { group: string; name: string }> = {
  timeline: { group: 'story', name: 'timeline' },
  'export timeline': { group: 'story', name: 'export' },
  catchup: { group: 'story', name: 'catchup' },
  handoff: { group: 'story', name: 'handoff' },
  note: { group: 'story', name: 'note' },
  schedules: { group: 'schedule', name: 'list' },
  unschedule: { group: 'schedule', name: 'cancel' },
  language: { group: 'policy', name: 'language' },
  audit: { group: 'story', name: 'audit' },
  silence: { group: 'silence', name: 'add' },
  unsilence: { group: 'silence', name: 'remove' },
  silences: { group: 'silence', name: 'list' },
};

/** A command's group and name under /vps on Discord (its own, unless DISCORD_PLACE moves it). */
export function discordPlace(command: { group: string; name: string }): { group: string; name: string } {
  return DISCORD_PLACE[`${command.group} ${command.name}`.trim()] ?? command;
}

function description(text: string, fallback: string): string {
  return fit(text.trim() || fallback, L.commandDescription);
}

/** The definition's key of an argument ArgInfo names as typed: "remove-ip" → "removeIp". */
function argKey(typed: string): string {
  return typed.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Discord's code for each language the bot speaks (a new language fails to compile until it has one). */
const DISCORD_LOCALE: Record<Locale, DiscordLocale> = {
  en: DiscordLocale.EnglishUS,
  id: DiscordLocale.Indonesian,
};

/** The languages besides the default one (whose text is the plain `description`). */
const TRANSLATED = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** Discord's description in each translated language, beside the default one. */
function localized(
  text: (locale: Locale) => string,
  fallback: string,
): { description_localizations: Partial<Record<DiscordLocale, string>> } {
  const entries = TRANSLATED.map((locale) => [DISCORD_LOCALE[locale], description(text(locale), fallback)]);
  return { description_localizations: Object.fromEntries(entries) };
}

/**
 * One argument as a typed option. Instance options are never required on Discord: omitting them
 * means "the instance bound to this channel" (`/vps use`), which the core resolves.
 */
function toOption(arg: ArgInfo, path: string): APIApplicationCommandBasicOption {
  const base = {
    name: discordName(arg.name),
    description: description(arg.description, arg.name),
    ...localized((locale) => argDescription(locale, path, argKey(arg.name), arg.description), arg.name),
  };
  const required = arg.kind === 'instance' ? false : arg.required;
  switch (arg.kind) {
    case 'integer':
      return { ...base, type: ApplicationCommandOptionType.Integer, required };
    case 'boolean':
      return { ...base, type: ApplicationCommandOptionType.Boolean, required };
    case 'uuid':
      return {
        ...base,
        type: ApplicationCommandOptionType.String,
        required,
        min_length: 36,
        max_length: 36,
        ...(arg.completes ? { autocomplete: true } : {}),
      };
    case 'instance':
      return { ...base, type: ApplicationCommandOptionType.String, required, autocomplete: true };
    case 'choice': {
      const choices = arg.choices ?? [];
      if (choices.length > L.choicesPerOption) throw new Error(`option ${arg.name}: more than 25 choices`);
      const list = choices.map((c) => ({
        name: fit(c, L.choiceName),
        value: prefixWithin(c, L.choiceValue),
      }));
      return { ...base, type: ApplicationCommandOptionType.String, required, choices: list };
    }
    default:
      return { ...base, type: ApplicationCommandOptionType.String, required };
  }
}

function unique<T extends { name: string }>(items: T[], where: string): T[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.name)) throw new Error(`${where}: two entries map to the Discord name "${item.name}"`);
    seen.add(item.name);
  }
  if (items.length > L.optionsPerCommand)
    throw new Error(`${where}: ${items.length} entries, Discord allows 25`);
  return items;
}

function toSubcommand(command: CommandInfo): APIApplicationCommandSubcommandOption {
  const path = `${command.group} ${command.name}`.trim();
  const place = discordPlace(command);
  const options = [...command.args.map((arg) => toOption(arg, path))].sort(
    (a, b) => Number(b.required ?? false) - Number(a.required ?? false),
  );
  return {
    type: ApplicationCommandOptionType.Subcommand,
    name: discordName(place.name),
    description: description(command.summary, path),
    ...localized((locale) => commandSummary(locale, path, command.summary), path),
    options: unique(options, `/vps ${path}`),
  };
}

/**
 * Multi-guild mode's `connect` and `disconnect` (adapters/discord/connect.ts): no options, so the
 * client offers nowhere to type a key; the key goes in the modal.
 */
const KEY_COMMANDS: APIApplicationCommandSubcommandOption[] = (['connect', 'disconnect'] as const).map(
  (name) => ({
    type: ApplicationCommandOptionType.Subcommand,
    name,
    description: description(t(DEFAULT_LOCALE, `discord.${name}`), name),
    ...localized((locale) => t(locale, `discord.${name}`), name),
  }),
);

/** Builds the registration payload (an array with the one `/vps` command); `keyCommands` in multi-guild mode. */
export function buildCommandPayload(
  commands: CommandInfo[],
  options: { keyCommands?: boolean } = {},
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const top: (APIApplicationCommandSubcommandOption | APIApplicationCommandSubcommandGroupOption)[] =
    options.keyCommands ? [...KEY_COMMANDS] : [];
  const groups = new Map<string, APIApplicationCommandSubcommandGroupOption>();
  for (const command of commands) {
    const place = discordPlace(command);
    if (place.group === '') {
      top.push(toSubcommand(command));
      continue;
    }
    let group = groups.get(place.group);
    if (!group) {
      group = {
        type: ApplicationCommandOptionType.SubcommandGroup,
        name: discordName(place.group),
        description: '',
        options: [],
      };
      groups.set(place.group, group);
      top.push(group);
    }
    group.options = [...(group.options ?? []), toSubcommand(command)];
  }
  for (const [name, group] of groups) {
    unique(group.options ?? [], `/vps ${name}`);
    const subs = (group.options ?? []).map((o) => o.name).join(', ');
    const title = `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;
    group.description = description(t(DEFAULT_LOCALE, 'discord.group', { group: title, subs }), name);
    Object.assign(
      group,
      localized((locale) => t(locale, 'discord.group', { group: name, subs }), name),
    );
  }
  return [
    {
      name: ROOT_COMMAND,
      type: ApplicationCommandType.ChatInput,
      description: t(DEFAULT_LOCALE, 'discord.root'),
      ...localized((locale) => t(locale, 'discord.root'), ROOT_COMMAND),
      contexts: [InteractionContextType.Guild],
      options: unique(top, '/vps'),
    },
  ];
}

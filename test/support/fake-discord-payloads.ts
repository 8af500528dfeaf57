// Raw Discord gateway payloads for the fake Discord: snowflakes, members and the four interaction
// kinds the adapter handles (slash command, autocomplete, button click, modal submit), shaped like
// the real INTERACTION_CREATE data so the real discord.js parses them.
import { randomBytes } from 'node:crypto';

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A fresh snowflake with the current time in it (discord.js derives createdAt from it). */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment).toString();
}

/** A test user: id, name and guild role ids. */
export interface FakeUser {
  id: string;
  username: string;
  roles?: string[];
  /** The user's client language, sent on each of their interactions (default en-US). */
  locale?: string;
  /** The member's permissions in the guild, a decimal bit set (default: neither Administrator nor Manage Server). */
  permissions?: string;
}

/** Where interactions happen. */
export interface FakeWorld {
  applicationId: string;
  guildId: string;
  channelId: string;
}

/** A slash-command option value as Discord types it. */
export type FakeOptionValue = string | number | boolean;

function member(user: FakeUser) {
  return {
    user: {
      id: user.id,
      username: user.username,
      global_name: user.username,
      discriminator: '0',
      avatar: null,
    },
    roles: user.roles ?? [],
    nick: null,
    avatar: null,
    joined_at: '2024-01-01T00:00:00.000Z',
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    permissions: user.permissions ?? '2248473465835073',
  };
}

function base(world: FakeWorld, user: FakeUser, type: number) {
  return {
    id: snowflake(),
    application_id: world.applicationId,
    type,
    token: `itok-${randomBytes(12).toString('hex')}`,
    version: 1,
    guild_id: world.guildId,
    channel_id: world.channelId,
    channel: { id: world.channelId, type: 0, guild_id: world.guildId, name: 'ops', flags: 0 },
    member: member(user),
    app_permissions: '2248473465835073',
    locale: user.locale ?? 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': world.guildId },
    context: 0,
    attachment_size_limit: 10_485_760,
  };
}

function typeOf(value: FakeOptionValue): number {
  if (typeof value === 'boolean') return 5;
  if (typeof value === 'number') return Number.isInteger(value) ? 4 : 10;
  return 3;
}

/** Nests leaf options under the subcommand (and group) of `path`, as Discord sends them. */
export function nestOptions(path: string[], options: Record<string, FakeOptionValue>, focused?: string) {
  let level: unknown[] = Object.entries(options).map(([name, value]) => ({
    name,
    type: typeOf(value),
    value,
    ...(name === focused ? { focused: true } : {}),
  }));
  const [first, second] = path;
  if (second !== undefined) level = [{ type: 1, name: second, options: level }];
  return first === undefined ? level : [{ type: second !== undefined ? 2 : 1, name: first, options: level }];
}

/** INTERACTION_CREATE for `/vps <path…> <options>` (type 2). */
export function slashPayload(
  world: FakeWorld,
  user: FakeUser,
  path: string[],
  options: Record<string, FakeOptionValue>,
) {
  return {
    ...base(world, user, 2),
    data: { id: snowflake(), name: 'vps', type: 1, options: nestOptions(path, options) },
  };
}

/** INTERACTION_CREATE for autocomplete on option `focused` (type 4). */
export function autocompletePayload(
  world: FakeWorld,
  user: FakeUser,
  path: string[],
  options: Record<string, FakeOptionValue>,
  focused: string,
) {
  return {
    ...base(world, user, 4),
    data: { id: snowflake(), name: 'vps', type: 1, options: nestOptions(path, options, focused) },
  };
}

/** INTERACTION_CREATE for a button click on `message` (type 3). */
export function buttonPayload(world: FakeWorld, user: FakeUser, message: unknown, customId: string) {
  return { ...base(world, user, 3), message, data: { custom_id: customId, component_type: 2 } };
}

/** INTERACTION_CREATE for a choice in a string select menu on `message` (type 3, component type 3). */
export function selectPayload(
  world: FakeWorld,
  user: FakeUser,
  message: unknown,
  customId: string,
  values: string[],
) {
  return { ...base(world, user, 3), message, data: { custom_id: customId, component_type: 3, values } };
}

/** INTERACTION_CREATE for a modal submit (type 5), opened from `message` when given. */
export function modalPayload(
  world: FakeWorld,
  user: FakeUser,
  message: unknown,
  customId: string,
  values: Record<string, string>,
) {
  const components = Object.entries(values).map(([id, value]) => ({
    type: 1,
    components: [{ type: 4, custom_id: id, value }],
  }));
  return {
    ...base(world, user, 5),
    ...(message ? { message } : {}),
    data: { custom_id: customId, components },
  };
}

/** What a message someone posted holds (the target of a message command). */
export interface FakeMessageBody {
  content?: string;
  embeds?: Record<string, unknown>[];
  components?: Record<string, unknown>[];
}

/** A message `author` posted in the world's channel, as the API shows it. */
export function userMessage(world: FakeWorld, author: FakeUser, body: FakeMessageBody) {
  return {
    id: snowflake(),
    type: 0,
    channel_id: world.channelId,
    guild_id: world.guildId,
    author: { id: author.id, username: author.username, discriminator: '0', avatar: null, global_name: null },
    content: body.content ?? '',
    embeds: body.embeds ?? [],
    components: body.components ?? [],
    attachments: [],
    flags: 0,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    pinned: false,
  };
}

/** INTERACTION_CREATE for the message context-menu command `name` on `target` (type 2, command type 3). */
export function messageCommandPayload(
  world: FakeWorld,
  user: FakeUser,
  target: { id: string },
  name: string,
) {
  return {
    ...base(world, user, 2),
    data: {
      id: snowflake(),
      name,
      type: 3,
      target_id: target.id,
      resolved: { messages: { [target.id]: target } },
    },
  };
}

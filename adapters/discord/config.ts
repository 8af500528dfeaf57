// Discord's part of the configuration: its variables, which are secrets, and its settings
// (config.discord). The catalogue (src/app/adapters.ts) hands it to src/config.ts.
import { z } from 'zod';
import {
  blankToUndefined,
  configFragment,
  optionalText,
  optionalUrl,
} from '../../src/adapter-kit/config-fragment.js';

/** Discord's settings (/discord/interactions is mounted on serve's one HTTP server, on PORT). */
export interface DiscordSettings {
  token?: string;
  applicationId?: string;
  apiUrl?: string;
  guildId?: string;
  /** Application public key (hex): HTTP interactions mode on /discord/interactions. */
  publicKey?: string;
  /** Gateway shards across replicas; unset → Discord's recommendation. */
  shardCount?: number;
  /** One bot, many guilds (DISCORD_MULTI_GUILD=1): each guild a tenant with its own linked key. */
  multiGuild?: boolean;
}

export const discordConfig = configFragment({
  key: 'discord',
  env: {
    DISCORD_TOKEN: optionalText,
    DISCORD_APPLICATION_ID: optionalText,
    DISCORD_API_URL: optionalUrl,
    DISCORD_GUILD_ID: optionalText,
    DISCORD_PUBLIC_KEY: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hex characters of the application public key')
        .optional(),
    ),
    DISCORD_SHARD_COUNT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(4096).optional()),
    DISCORD_MULTI_GUILD: z.preprocess(blankToUndefined, z.enum(['0', '1']).default('0')),
  },
  secretEnv: ['DISCORD_TOKEN'],
  settings: (e): DiscordSettings => ({
    token: e.DISCORD_TOKEN,
    applicationId: e.DISCORD_APPLICATION_ID,
    apiUrl: e.DISCORD_API_URL,
    guildId: e.DISCORD_GUILD_ID,
    publicKey: e.DISCORD_PUBLIC_KEY,
    shardCount: e.DISCORD_SHARD_COUNT,
    multiGuild: e.DISCORD_MULTI_GUILD === '1',
  }),
  secrets: (s) => ({ DISCORD_TOKEN: s.token }),
  redacted: (s, hide) => ({ ...s, token: hide(s.token) }),
  tenancy: (s) =>
    s.multiGuild
      ? { kind: 'many', mode: 'Discord multi-guild mode', sealed: 'each guild’s linked key' }
      : s.token
        ? { kind: 'one', mode: 'a single-server Discord bot', manyInstead: 'Discord multi-guild mode' }
        : { kind: 'none' },
});

/** Discord runs when both its bot token and application id are set. */
export function discordEnabled(settings: DiscordSettings): boolean {
  return Boolean(settings.token && settings.applicationId);
}

// Registers `/vps` with Discord: per guild while developing (instant), globally in production.
// Fetches what is registered first and PUTs (bulk overwrite) only when the payload differs, so
// running `register` on every deploy is cheap and does not reset command versions.
import { REST, Routes } from 'discord.js';
import type { CommandInfo } from '../../src/core/index.js';
import { buildCommandPayload } from './commands-payload.js';
import { messageCommands } from './message-commands.js';

/** Options of `registerDiscordCommands`; `guildId` registers for one guild instead of globally. */
export interface RegisterOptions {
  token: string;
  applicationId: string;
  apiUrl?: string;
  guildId?: string;
  commands: CommandInfo[];
  /** Multi-guild mode: `/vps connect` and `/vps disconnect` too. */
  keyCommands?: boolean;
}

const OPTION_KEYS = [
  'type',
  'name',
  'description',
  'description_localizations',
  'required',
  'autocomplete',
  'min_length',
  'max_length',
  'min_value',
  'max_value',
  'choices',
  'options',
];
const DEFAULTS: Record<string, unknown> = { required: false, autocomplete: false, type: 1 };

/** Keeps only the fields we send, dropping Discord's defaults and server-side extras (id, version…). */
function normalize(value: unknown, keys: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => normalize(v, keys));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v = record[key];
    if (v === undefined || v === null || DEFAULTS[key] === v) continue;
    if (key === 'options' && Array.isArray(v) && v.length === 0) continue;
    out[key] =
      key === 'choices' ? normalize(v, ['name', 'value']) : key === 'options' ? normalize(v, OPTION_KEYS) : v;
  }
  return out;
}

const COMMAND_KEYS = [
  'type',
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'contexts',
  'options',
];

/** Whether the registered commands already equal the payload (order of top-level commands ignored). */
export function samePayload(existing: unknown, payload: unknown[]): boolean {
  if (!Array.isArray(existing) || existing.length !== payload.length) return false;
  const key = (list: unknown[]) =>
    JSON.stringify(
      (normalize(list, COMMAND_KEYS) as { name?: string }[]).sort((a, b) =>
        String(a.name).localeCompare(String(b.name)),
      ),
    );
  return key(existing) === key(payload);
}

/** Registers the `/vps` command built from `commands`; `changed` says whether anything was sent. */
export async function registerDiscordCommands(
  options: RegisterOptions,
): Promise<{ changed: boolean; count: number }> {
  // `/vps`, then the entries of every message's Apps menu: "Show server" and "Add to timeline".
  const payload = [
    ...buildCommandPayload(options.commands, { keyCommands: options.keyCommands === true }),
    ...messageCommands(),
  ];
  const rest = new REST(options.apiUrl ? { api: options.apiUrl } : {}).setToken(options.token);
  const route = options.guildId
    ? Routes.applicationGuildCommands(options.applicationId, options.guildId)
    : Routes.applicationCommands(options.applicationId);
  try {
    // Without with_localizations Discord leaves the Indonesian descriptions out of its answer.
    const existing = await rest.get(route, { query: new URLSearchParams({ with_localizations: 'true' }) });
    const changed = !samePayload(existing, payload);
    if (changed) await rest.put(route, { body: payload });
    return { changed, count: options.commands.length };
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

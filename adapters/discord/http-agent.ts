// discord.js's REST client sends through undici's *global* dispatcher unless given its own. When
// Slack's Bolt is loaded in the same process it brings a newer undici that installs itself as that
// global dispatcher, and the two versions disagree about request bodies: every Discord file upload
// then fails without a word. Giving the REST client an Agent from the very undici copy that
// @discordjs/rest uses keeps Discord's HTTP layer its own, whatever else the process loads.
import { createRequire } from 'node:module';
import type { RESTOptions } from 'discord.js';

type UndiciAgent = NonNullable<RESTOptions['agent']>;

/** A fresh undici Agent of the version @discordjs/rest itself resolves (not whichever is global). */
export function createDiscordHttpAgent(): UndiciAgent {
  const fromHere = createRequire(import.meta.url);
  const fromDiscord = createRequire(fromHere.resolve('discord.js'));
  const fromRest = createRequire(fromDiscord.resolve('@discordjs/rest'));
  const undici = fromRest('undici') as { Agent: new (options?: Record<string, unknown>) => UndiciAgent };
  return new undici.Agent({ connect: { timeout: 10_000 } });
}

// Child process for the Discord benchmark's baseline: a bare discord.js client that only defers
// `/vps`, in its own process like the bot. Prints "bare discord.js ready" once logged in.
import { Client, Events, GatewayIntentBits } from 'discord.js';

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.DISCORD_API_URL ?? '' } });
client.on(Events.InteractionCreate, (interaction) => {
  if (interaction.isChatInputCommand()) void interaction.deferReply().catch(() => undefined);
});
client.once(Events.ClientReady, () => process.stdout.write('bare discord.js ready\n'));
await client.login(process.env.DISCORD_TOKEN);
process.once('SIGTERM', () => void client.destroy().then(() => process.exit(0)));

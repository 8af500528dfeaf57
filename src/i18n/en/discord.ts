// English texts the Discord adapter writes itself (adapters/discord): the answer when a request
// breaks off, the typed-confirmation modal's fallback, what an embed had to leave out, the card's
// expiry, and the connect / disconnect descriptions. discord-id.ts has the same keys.
export const discordEn = {
  // The crash guard (interactions.ts): the core may have acted before it broke off.
  'discord.failed.line':
    'The bot could not finish answering. Whether the command did anything is not known: check before you run it again.',
  // Modal text input labels: at most 45 characters (Discord).
  'discord.typed.label': 'Type the name shown on the card',
  'discord.fieldsDropped': 'Some fields did not fit.',
  'discord.moreFields': '… and {count} more',
  'discord.moreRows': '… {count} more rows',
  // {when} is Discord’s relative timestamp, which each client shows in its own language.
  'discord.expires': 'Expires {when}',
  // Slash command descriptions: at most 100 characters.
  'discord.connect': 'Link this server’s hosting API key (server admins; opens a private dialog)',
  'discord.disconnect': 'Unlink this server’s hosting API key (server admins)',
  // The message context-menu commands (command names: at most 32 characters).
  'discord.showServer': 'Show server',
  'discord.addToTimeline': 'Add to timeline',
} as const;

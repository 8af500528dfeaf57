// English texts of the console and exec themselves (adapters/console/, src/app/modes.ts): banner and
// exec's own usage errors. Spread into catalogue-en.ts; console-id.ts has the same keys.
export const consoleEn = {
  'console.banner.title': 'vpsops {version} console',
  'console.banner.simulator':
    'embedded simulator at {url} (set HOSTING_API_URL and HOSTING_API_KEY for the real API)',
  'console.banner.remote': 'hosting API at {host}',
  'console.banner.noPolicy': 'none — defaults: console users are admin, Slack/Discord users are viewers',
  'console.banner.backend': 'Backend',
  'console.banner.policy': 'Policy',
  'console.banner.data': 'Data',
  'console.banner.log': 'Log',
  'console.banner.you': 'You are',
  'console.banner.noRole': 'no role',
  'console.banner.hint': 'Type help for commands, Tab to complete, exit to leave.',
  'exec.strayOption': 'Unknown option {option} for exec (options: --confirm, --as, --wait, --json, --locale)',
  'exec.badAs':
    '--as takes a console user name (letters, digits, . _ -), matched in the policy as console:<name>; got "{value}"',
  'exec.asApproves':
    '--as cannot approve: an approval comes from the OS user ({user}) or VPSOPS_CONSOLE_USER. Nothing was changed.',
  'exec.unknownLocale': 'Unknown --locale "{value}": supported locales are {supported}. Nothing was run.',
} as const;

/** The keys of this file. */
export type ConsoleKey = keyof typeof consoleEn;

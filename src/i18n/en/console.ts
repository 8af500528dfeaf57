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
  // exec's and the REPL's own lines around a confirmation (adapters/console/)
  'exec.nothingToRun': 'Nothing to run. Try: vpsops exec "help"',
  'exec.confirmInside': 'put --confirm outside the quotes: {line}',
  'exec.needsConfirm': 'Nothing was changed. To do it, run: {line}',
  'exec.secondPerson':
    'Nothing was changed yet: this needs a second person. An admin other than you approves it with: {line} (before it expires).',
  'exec.confirmMismatch':
    '--confirm {value} does not match: --confirm must name {expected}. Nothing was changed.',
  'exec.confirmMismatchUuid':
    '--confirm {value} does not match: --confirm must name {expected} (or its uuid). Nothing was changed.',
  'exec.noPending': 'No pending request has the token {token} (it may have expired or been answered).',
  'exec.otherPlatform': 'That request was made on {platform}; approve it on its card there.',
  'exec.toApprove': 'Nothing was changed. To approve, run: {line}',
  'console.typeToApprove': 'Type {expected} to approve it (or press Enter to cancel): ',
  'console.typeToVerb': 'Type {expected} to {verb} it (or press Enter to cancel): ',
  'console.typeToConfirm': 'Type {expected} to confirm (or press Enter to cancel): ',
  'console.typedOrCancel': '{label} (or press Enter to cancel): ',
  'console.notApproved': 'Not approved — nothing was done. The request stays open until it expires.',
  'console.secondPerson':
    'Nothing was changed yet: this needs a second person. An admin other than you approves it before it expires, typing `approve {token}` in their console or running {line}',
  'console.answeredElsewhere': 'That confirmation was already answered elsewhere — nothing more was sent.',
  'console.expiredAt': 'That confirmation expired at {time} — run the command again.',
  'console.confirmYN': 'Confirm? [y/N] ',
  'register.changed': 'Registered /vps ({count} commands) {where}.',
  'register.unchanged': '/vps is already up to date {where} ({count} commands); nothing changed.',
  'register.guild': 'guild {guild}',
  'register.globally': 'globally',
  'console.crashed': 'Something went wrong: the command did not finish. Nothing more was sent.',
} as const;

/** The keys of this file. */
export type ConsoleKey = keyof typeof consoleEn;

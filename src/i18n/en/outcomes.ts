// English texts of the third outcome (a change that may or may not have happened, an interrupted
// call, a late click: src/core/audit/unknown-outcome.ts) and of a hosting-API error's sentence
// (src/core/replies/api-error-text.ts; a click's refusals: src/core/runner/confirm.ts; src/api's own chatText stays English for logs). Spread into
// catalogue-en.ts; outcomes-id.ts has the same keys.
export const outcomesEn = {
  'unknown.title': 'Outcome unknown',
  'unknown.titleInterrupted': 'Outcome unknown (interrupted)',
  'unknown.line': '`{path}` may or may not have happened: {said}',
  'unknown.summary': 'Outcome unknown — `{path}` may have happened. {check}',
  'unknown.summaryInterrupted': 'Outcome unknown (interrupted) — `{path}` may have happened. {check}',
  'unknown.interrupted':
    '`{path}` was confirmed by {who} at {time} UTC, but the bot stopped before the hosting API answered. It may or may not have happened.',
  'unknown.checkWith': 'Check {check} with `{command}`.',
  'unknown.check': 'Check {check}.',
  'unknown.doNotRepeat': 'Do not run it again blindly: if it did happen, repeating it could do it twice.',
  'unknown.hintInstance': 'what {instance} shows now',
  'unknown.hintPath': 'whether `{path}` took effect (in the hosting provider’s panel)',
  // What to check when a command's outcome is unknown (each command's ifUnknown, commands/*.ts)
  'unknown.check.restoring': 'whether {instance} is Restoring (or was just restored)',
  'unknown.check.backupListed': 'whether backup {backup} is still listed',
  'unknown.check.ipset':
    'whether IPSet {name} exists on {instance} (in the hosting provider’s panel; running it again is refused if it does)',
  'unknown.check.stopped': 'whether {instance} is Stopped or Stopping',
  'unknown.check.started': 'whether {instance} is Starting or Running',
  'unknown.check.restarted': 'whether {instance} is restarting (Stopping, Starting) or Running again',
  'unknown.check.terminating': 'whether {instance} is Terminating or gone',
  'unknown.check.console': 'whether {instance} is Running (a new console session is harmless)',
  'unknown.check.ipAdded': 'whether {instance} now has a public IP (a second one is billed too)',
  'unknown.check.ipMoved': 'whether {instance} now holds public IP {ip}',
  'unknown.check.network': 'whether {instance} is listed on that network (repeating it would toggle it back)',
  'unknown.check.snapshot':
    'whether snapshot {snapshot} of {instance} still exists (in the hosting provider’s panel — the API cannot list snapshots)',
  'unknown.check.rollingBack': 'whether {instance} is Rolling back (or was just rolled back)',
  'unknown.check.volume':
    'the hosting provider’s panel for a volume named {name} (the API cannot list block storage, and a second create is billed twice)',
  'unknown.confirmedBy': 'Confirmed by {who} at {time} UTC — outcome unknown.',
  'late.expired': 'This confirmation expired at {time} UTC — nothing was done.',
  'late.runAgain': 'Run the command again.',
  'late.confirmed': 'Already confirmed by {who} — nothing more was done.',
  'late.confirmedAt': 'Already confirmed by {who} at {time} UTC — nothing more was done.',
  'late.cancelled': 'Already cancelled by {who} — nothing was done.',
  'late.cancelledAt': 'Already cancelled by {who} at {time} UTC — nothing was done.',
  'late.handled': 'This action was already handled — nothing more was done.',
  'late.lost': 'This confirmation was lost with the bot’s state — nothing was done.',
  'late.someone': 'someone',
  'click.typedMismatch': 'That does not match — type {expected} exactly to confirm. Nothing was done.',
  'click.typedMismatchHint': 'You can try again until the confirmation expires.',
  'click.theTarget': 'the target',
  'click.unknownToken': 'This confirmation is unknown (or too old to remember).',
  'click.expired': 'This confirmation expired — nothing was done.',
  'click.stalePreview': 'This preview no longer holds: {reason} Nothing was done.',
  'click.stalePreviewHint': 'Run the command again for a fresh preview.',
  'click.auditUnavailable':
    'The audit log could not be written, so the hosting API was not called — nothing was done.',
  'click.wrongChannel': 'This confirmation belongs to another channel — nothing was done.',
  'click.wrongChannelHint': 'Answer it on the card where it was asked.',
  'click.onlyRequesterOrAdminCancels': 'Only {who}, who asked for it, or an admin can cancel this.',
  'click.needsSecondPerson': '`{command}` needs a second person: an admin other than you must confirm it.',
  'click.onlyOtherAdmin': 'Only an admin other than {who} can approve `{command}`.',
  'click.onlyRequester': 'Only {who}, who asked for it, can confirm this.',
  'click.notDone': 'Not done',
  'error.api.code.UNAUTHORIZED': 'The hosting API rejected the bot’s API key',
  'error.api.code.FORBIDDEN': 'The hosting API refused this operation',
  'error.api.code.NOT_FOUND': 'The hosting API does not know that resource',
  'error.api.code.INVALID_INPUT': 'The hosting API rejected the input',
  'error.api.code.CONFLICT': 'The resource is in a state that does not allow this',
  'error.api.code.RATE_LIMITED': 'The hosting API is rate limiting the bot',
  'error.api.code.UPSTREAM_ERROR': 'The hosting API failed',
  'error.api.code.UPSTREAM_INVALID': 'The hosting API sent a response the bot cannot use',
  'error.api.code.TIMEOUT': 'The hosting API did not answer in time',
  'error.api.code.NETWORK': 'The hosting API could not be reached',
} as const;

/** The keys of this file. */
export type OutcomesKey = keyof typeof outcomesEn;

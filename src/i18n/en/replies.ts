// English texts of the hints under a hosting-API error (src/core/replies/api-hints.ts). Spread
// into the English catalogue through commands-en.ts; write ’, not ', in text.
export const repliesEn = {
  'hint.noun.snapshot': 'snapshot',
  'hint.noun.backup': 'backup',
  'hint.noun.publicIp': 'public IP',
  'hint.noun.network': 'private network',
  'hint.noun.networkId': 'private network id',
  'hint.noun.vmId': 'VM id',
  'hint.noun.locationId': 'location id',
  'hint.noun.location': 'location',
  'hint.notFound': 'The hosting API does not know that {noun}{which}{where}.{next}',
  'hint.onInstance': ' on {instance}',
  'hint.backupList': ' `backup list {instance}` shows the backups that exist.',
  'hint.checkId': ' Check the id and try again.',
  'hint.instanceGone':
    'The hosting API does not know that instance{named} — it may have been deleted. Check the uuid, or list instances without a public IP with `instance no-ip <location-id>`.',
  'hint.notFoundAny':
    'The hosting API does not know what this command asked for. Check the ids and try again.',
  'hint.noLongerExists': '{instance} no longer exists: {said}',
  'hint.unauthorized': 'The bot’s hosting-API key needs fixing — tell whoever runs the bot.',
  'hint.forbidden': 'The bot’s API key may lack permission for this operation.',
  'hint.invalidInputPath': 'Check the arguments — `/vps help {path}` shows what is expected.',
  'hint.invalidInput': 'Check the arguments — `/vps help` lists the commands and what they expect.',
  'hint.conflictShow': 'Check the current state with {show} and try again when it allows this.',
  'hint.conflict': 'The resource is busy or in the wrong state; try again when it allows this.',
  'hint.rateLimited': 'Wait a moment and try again.',
  'hint.upstream': 'Try again in a minute; if it persists, check the hosting provider’s status.',
  'hint.upstreamInvalid': 'Try again in a minute; if it persists, report it to the bot’s maintainers.',
  'hint.timeoutNothingSent':
    'Try again in a minute: nothing was sent that changes anything. If it persists, the hosting API is having trouble.',
  'hint.timeoutShow': 'Try again in a minute; the operation may still have happened — check with {show}.',
  'hint.timeout': 'Try again in a minute; the operation may still have happened.',
  'hint.network': 'Try again in a minute; if it persists, check the bot’s connectivity to the hosting API.',

  // Slow replies (src/core/replies/slow-replies.ts)
  'slow.summary': 'Still working…',
  'slow.note': '⏳ Still working on `{command}`…',
  'slow.previewOnly': 'It was only reading for the preview, so nothing was sent and nothing was changed.',
  'slow.readOnly': 'It only reads, so nothing was changed.',
  'slow.title': 'The hosting API did not answer in time',
  'slow.noAnswer': 'No answer within {seconds} s',
  'slow.line':
    '`{command}` got no answer from the hosting API within {seconds} s, so the bot stopped waiting. {why}',
  'slow.hint': 'Try again in a minute; if it keeps happening the hosting API is having trouble.',

  // The state store down (src/core/replies/store-outcome.ts)
  'store.unknown':
    'The bot’s state store stopped answering in the middle of this request, so whether it took effect is unknown.',
  'store.confirmationsPaused':
    '⏸ The bot’s state store is not answering: this answer comes straight from the hosting API, and confirmations are paused until the store is back.',
  'store.unreachable': 'The bot’s state store is unreachable, so this was not done; nothing was changed.',
  'store.checkFirst':
    'Check the current state (e.g. instance show) before trying again; the bot reconnects by itself.',
  'store.tryAgain':
    'Try again in a moment; the bot reconnects by itself. If it persists, the bot’s operator should check Redis.',
  'store.title': 'State store unreachable',
  'store.unsafe': 'The bot’s state store can’t keep confirmations safely right now: nothing was done.',
  'store.cannotWrite': 'The bot’s state store can’t write: nothing was done.',
  'store.cannotWriteTitle': 'State store can’t write',
  'store.operator': 'The bot’s operator should check its state store (see /readyz and the log).',
} as const;

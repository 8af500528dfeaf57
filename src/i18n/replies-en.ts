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
} as const;

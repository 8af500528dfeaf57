// English texts of the instance, snapshot and backup commands and the listings (commands/), plus
// the shared helpers' and the network group's files, spread here so the catalogue takes one line.
// Write ’, not ', in text: a straight apostrophe quotes in ICU.
import { networkEn } from './network.js';
import { parseEn } from './parse.js';
import { repliesEn } from './replies.js';
import { sharedEn } from './shared.js';
import { powerEn } from './power.js';

export const commandsEn = {
  ...sharedEn,
  ...powerEn,
  ...networkEn,
  ...parseEn,
  ...repliesEn,

  // instance console, no-ip (commands/instance.ts)
  'console.title': 'Console for {label}',
  'console.summary': 'Console for {label} (only visible to you)',
  'console.private': 'Only you can see this. Do not paste the password into a channel.',
  'console.url': 'Websocket URL',
  'console.password': 'password: {password}',
  'noIp.title': 'Instances without a public IP in location {location}',
  'noIp.empty': 'Every instance there has a public IP.',
  'noIp.note': '{instances} · give one an address: /vps ip add <instance>',
  'noIp.summary': '{instances} without a public IP',
  'column.hostname': 'Hostname',
  'column.uuid': 'UUID',

  // instance list (commands/instance-list.ts)
  'list.unknownStatus': 'Unknown status `{name}`. Valid statuses: {valid}.',
  'list.unknownStatusHint': 'Several at once: --status Stopped,Error',
  'list.notOffered': 'The hosting service does not offer an instance list.',
  'list.notOfferedHint':
    'Every other command still works with a uuid or an alias, e.g. /vps instance show <uuid>.',
  'list.title': 'Servers',
  'list.titlePage': 'Servers, page {page}',
  'list.filtered': 'Filtered: {flags}',
  'list.noServers': 'The hosting service lists no servers.',
  'list.noMatch': 'No server matches.',
  'list.cut':
    'Only the first {read} of {pages} pages were read. Narrow the list with --status, --search or --location, or read one page with --page N.',
  'list.column.status': 'Status',
  'list.column.location': 'Location',
  'list.column.publicIp': 'Public IP',
  'list.column.tier': 'Tier',
  'list.column.monthly': 'Monthly',

  // snapshot delete, rollback (commands/snapshot.ts)
  'snapshot.delete.title': 'Delete a snapshot of {label}?',
  'snapshot.delete.line':
    'Snapshot {snapshot} of {label} will be deleted. The instance itself is not touched.',
  'snapshot.delete.requested': 'Snapshot deletion requested for {label}',
  'snapshot.delete.removing': 'Snapshot {snapshot} is being removed.',
  'snapshot.rollback.participle': 'rolled back',
  'snapshot.rollback.title': 'Roll {label} back to a snapshot?',
  'snapshot.rollback.line': '{label} will be rolled back to snapshot {snapshot}.',
  'snapshot.rollback.lost': 'Everything written since that snapshot is lost.',
  'snapshot.rollback.endsStopped':
    '{label} ends Stopped; the hosting API offers no start call, so start it from the provider’s panel.',
  'snapshot.rollback.requested': 'Rollback requested for {label}',
  'snapshot.rollback.rolling': '{label} is rolling back to snapshot {snapshot}.',

  // snapshot list, network list (commands/listings.ts)
  'listing.snapshots': 'snapshots',
  'listing.snapshotsHint': 'Snapshot uuids come from your hosting panel.',
  'listing.snapshotsTitle': 'Snapshots of {label}',
  'listing.noSnapshots': '{label} has no snapshots.',
  'listing.current': '{name} (current)',
  'listing.snapshotsUse':
    'Use: snapshot rollback {label} <snapshot uuid> · snapshot delete {label} <snapshot uuid>',
  'listing.networks': 'private networks',
  'listing.networksHint': 'Network uuids also appear in `instance show` when the API reports them.',
  'listing.networksTitle': 'Private networks',
  'listing.noNetworks': 'There are no private networks.',
  'listing.networksUse':
    'Use: network show <uuid> · network graph <graph id> · network attach <instance> <uuid>',
  'column.name': 'Name',
  'column.snapshotUuid': 'Snapshot uuid',
  'column.created': 'Created',
  'column.status': 'Status',
  'column.networkUuid': 'Network uuid',
  'column.graphId': 'Graph id',
  'column.location': 'Location',
  'column.subnet': 'Subnet',

  // backup restore, delete, list (commands/backup.ts)
  'backup.notAmong': 'not among the newest {count} backups — check the uuid',
  'backup.field': 'Backup',
  'backup.taken': 'Backup taken',
  'backup.size': 'Backup size',
  'backup.missing': '{label} has no backup {backup} ({known}see `backup list {label}`).',
  'backup.known': '{backups}; ',
  'backup.restore.participle': 'restored',
  'backup.restore.title': 'Restore {label} from a backup?',
  'backup.restore.line': '{label} will be restored from backup {backup}.',
  'backup.restore.lineTaken': '{label} will be restored from backup {backup}, taken {taken}.',
  'backup.restore.overwritten': 'Everything written to its disks since that backup is overwritten.',
  'backup.restore.requested': 'Restore requested for {label}',
  'backup.restore.restoring': '{label} is restoring from backup {backup}.',
  'backup.delete.title': 'Delete a backup of {label}?',
  'backup.delete.line': 'Backup {backup} of {label} will be deleted. The instance itself is not touched.',
  'backup.delete.done': 'Backup deleted for {label}',
  'backup.delete.deleted': 'Backup {backup} was deleted.',
  'backup.list.title': 'Backups of {label}',
  'backup.list.none': '{label} has no backups.',
  'backup.column.taken': 'Taken',
  'backup.column.size': 'Size',
  'backup.column.schedule': 'Schedule',
  'backup.column.estimate': 'Est. this month',
  'backup.column.uuid': 'Backup uuid',
  // "Show server" on a message (commands/show-server.ts).
  'showServer.title': 'Servers in this message ({count})',
  'showServer.noneTitle': 'No server found',
  'showServer.none': 'This message names no server of this account: no hostname, uuid (or 8+ characters of one) or public IP of one.',
} as const;

/** A key of the command texts. */
export type CommandsKey = keyof typeof commandsEn;

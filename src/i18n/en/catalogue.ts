// English messages, ICU MessageFormat. The source of every key: the Indonesian catalogue must have
// the same keys and placeholders (test/unit/i18n/catalogue.test.ts). Write ’, not ', in text: a
// straight apostrophe quotes in ICU.
import { commandsEn } from './commands.js';
import { alertsEn } from './alerts.js';
import { consoleEn } from './console.js';
import { watchEn } from './watch.js';
import { policyEn } from './policy.js';
import { noticesEn } from './notices.js';
import { opsEn } from './ops.js';
import { trackingEn } from './tracking.js';
import { storyEn } from './story.js';
import { outcomesEn } from './outcomes.js';
import { coreEn } from './core.js';
import { slackEn } from './slack.js';
import { tenantsEn } from './tenants.js';
import { discordEn } from './discord.js';
import { renderEn } from './render.js';
import { apiEn } from './api.js';
import { rolesEn } from './roles.js';
import { scheduleEn } from './schedule.js';
import { plateEn } from './plate.js';

export const en = {
  ...commandsEn, // the commands' replies (commands-en.ts and the files it spreads)
  ...opsEn,
  ...alertsEn,
  ...consoleEn,
  ...watchEn,
  ...policyEn,
  ...noticesEn, // the watch module's details, refusals and notices
  ...trackingEn,
  ...storyEn, // the incident's story: timeline, export, catch-up, hand-off, notes
  ...outcomesEn,
  ...coreEn,
  ...slackEn, // the Slack adapter's own texts
  ...scheduleEn, // schedule / schedules / unschedule and a schedule's run
  ...tenantsEn, // linking a workspace's / server's hosting API key (src/tenants/key-messages.ts)
  ...discordEn, // the Discord adapter's own texts
  ...renderEn, // the renderers' own texts (src/render)
  ...apiEn, // input the hosting-API client refuses itself (src/api/validate.ts)
  ...rolesEn, // where a role comes from (whoami)
  ...plateEn, // what is on a person's plate (src/core/plate: `me`, Slack's App Home)
  // API status values, shown beside the API's own word in other languages
  'status.running': 'Running',
  'status.stopped': 'Stopped',
  'status.stopping': 'Stopping',
  'status.starting': 'Starting',
  'status.creating': 'Creating',
  'status.rebooting': 'Rebooting',
  'status.restoring': 'Restoring',
  'status.rolling back': 'Rolling back',
  'status.terminating': 'Terminating',
  'status.terminated': 'Terminated',
  'status.error': 'Error',

  // Instance fields (instance show, previews)
  'field.instance': 'Instance',
  'field.status': 'Status',
  'field.publicIp': 'Public IP',
  'field.location': 'Location',
  'field.tier': 'Tier',
  'field.cpu': 'CPU',
  'field.memory': 'Memory',
  'field.storage': 'Storage',
  'field.os': 'OS',
  'field.privateNetwork': 'Private network',
  'field.price': 'Price',
  'field.created': 'Created',
  'field.lastStarted': 'Last started',
  'field.uptime': 'Uptime',
  'field.lastBackup': 'Last backup',
  'instance.cpuDedicated': '{cpu} (dedicated)',
  'instance.cpuShared': '{cpu} (shared)',
  'instance.backupNever': 'never',
  'instance.backupStale': '{when} ⚠ older than a day',
  'instance.price': '{hourly}/h · est. {monthly}/month',
  'instance.when': '{relative} ({date})',
  'ids.locationId': 'Location id {id}',
  'ids.publicIpId': 'Public IP id {id}',
  'ids.networkUuid': 'Network uuid {id}',
  'ids.graphId': 'Graph id {id}',

  // instance stop / delete
  'stop.title': 'Stop {label}?',
  'stop.participle': 'stopped',
  'stop.already': '{label} is already Stopped.',
  'stop.line': '{label} will be powered off ({status} → Stopped). Everything running on it stops.',
  'stop.kept': 'Its disks, public IP and backups are kept.',
  'stop.requested': 'Stop requested for {label}',
  'stop.stopping': '{label} is stopping.',
  'delete.title': 'Delete {label}?',
  'delete.already': '{label} is already {status}.',
  'delete.line': '{label} ({status}) will be terminated and deleted.',
  'delete.noIp': 'It has no public IP.',
  'delete.ipReleased': 'Public IP {ip} will be released.',
  'delete.ipKept': 'Public IP {ip} is kept (pass --remove-ip to release it).',
  'delete.storageDeleted': 'Its attached block storage will be deleted.',
  'delete.storageKept': 'Its block storage is kept (pass --remove-block-storage to delete it).',
  'delete.requested': 'Delete requested for {label}',
  'delete.terminating': '{label} is terminating ({extras}).',
  'delete.extraIpReleased': 'public IP released',
  'delete.extraIpKept': 'public IP kept',
  'delete.extraStorageDeleted': 'block storage deleted',
  'delete.extraStorageKept': 'block storage kept',
  'preview.irreversible': 'This cannot be undone.',
  'preview.refuseGoing': '{label} is {status} — it cannot be {participle}.',

  // Expected failures and errors (src/core/replies/outcomes.ts)
  'error.title.unknown-command': 'Unknown command',
  'error.title.usage': 'Usage',
  'error.title.invalid-argument': 'Invalid argument',
  'error.title.nothing-to-do': 'Nothing to do',
  'error.title.unknown-instance': 'Unknown instance',
  'error.title.ambiguous-instance': 'Several instances match',
  'error.title.no-bound-instance': 'Which instance?',
  'error.title.denied': 'Not allowed',
  'error.title.wrong-channel': 'Not in this channel',
  'error.title.not-requester': 'Not your confirmation',
  'error.title.needs-approver': 'Needs another approver',
  'error.title.expired': 'Expired',
  'error.title.already-used': 'Already handled',
  'error.title.state-lost': 'Confirmation lost',
  'error.title.typed-mismatch': 'Confirmation text does not match',
  'error.title.unknown-token': 'Unknown confirmation',
  'error.title.instance-busy': 'Server busy',
  'error.title.outcome-unknown': 'Earlier attempt’s outcome unknown',
  'error.title.not-found': 'Not found',
  'error.title.cannot-post': 'I cannot post here',
  'error.title.other-tenant': 'Not this workspace’s confirmation',
  'error.title.rate-limited': 'Slow down',
  'tenant.otherTenant':
    'This button belongs to another {place, select, server {server} other {workspace}} — nothing was done.',
  'tenant.otherTenantHint': 'Run the command again here.',
  'rate.user': 'Slow down: you sent more than {limit} commands this minute. Retry in {seconds} s.',
  'rate.tenant':
    'Slow down: this workspace sent more than {limit} commands this minute. Retry in {seconds} s.',
  'rate.hint': 'Nothing was done; the command was not run.',
  'error.api.title': 'Hosting API error',
  'error.api.retry': ' Retry in about {seconds} s.',
  'error.internal.title': 'Something went wrong',
  'error.internal.line': 'Something went wrong (ref {ref}).',
  'error.internal.detail': 'Nothing more is known here; the bot’s log has the details under this ref.',

  // Confirmation cards (src/core/confirmation/confirm-card.ts)
  'card.requestedBy': 'Requested by {requester}',
  'card.needsApproval': ' · needs approval: an admin other than {requester} must confirm',
  'card.approve': 'Approve',
  'card.confirm': 'Confirm',
  'card.cancel': 'Cancel',
  'card.typedTitle': 'Confirm {command}',
  'card.typedLabel': 'Type {name} to confirm',
  'card.expired': 'Expired — nothing was done.',
  'card.cancelled': 'Cancelled by {who} at {time} UTC — nothing was done.',
  'card.confirmed': 'Confirmed by {who} at {time} UTC',
  'card.confirmedRequestedBy': ' · requested by {requester}',
  'card.failed': 'Confirmed by {who} at {time} UTC — failed.',

  // Alert reminders and approver notices (src/watch/reminders.ts, src/core/runner/approvers.ts)
  'alert.groupReminder':
    '{count, plural, one {# server} other {# servers}} of the storm ({traits}) still failing after {span}, and not acknowledged yet.',
  'alert.oncall': 'On call: {team}',
  'alert.oncallName': 'on-call',
  'approval.request':
    '{requester} asks for approval of {command}: an admin other than them can Approve on the card.',
  'approval.requestDm':
    '{requester} asks for approval of {command} in channel {channel}: Approve on the card there.',
  'approval.approvers': 'Approvers: {approvers}',
  'approval.expires': 'Waits {span} for an approver.',

  // Help (commands/shared/help-view.ts, usage.ts)
  'help.risk.read': 'read — changes nothing',
  'help.risk.change': 'change — makes a change, no confirmation unless it costs money',
  'help.risk.destructive': 'destructive — shows a preview and waits for Confirm',
  'help.group.': 'Bot',
  'help.group.instance': 'Instances',
  'help.group.snapshot': 'Snapshots',
  'help.group.backup': 'Backups',
  'help.group.firewall': 'Firewall',
  'help.group.ip': 'Public IPs',
  'help.group.network': 'Private networks',
  'help.group.storage': 'Block storage',
  'help.group.os': 'Operating systems',
  'help.group.sshkey': 'SSH keys',
  'help.group.billing': 'Billing',
  'help.group.schedule': 'Schedules',
  'help.column.usage': 'Usage',
  'help.column.does': 'What it does',
  'help.column.risk': 'Risk',
  'help.column.actions': 'Actions',
  'help.column.about': 'About',
  'help.column.argument': 'Argument',
  'help.column.required': 'Required',
  'help.column.meaning': 'Meaning',
  'help.noGroup': '(none)',
  'help.overview.title': 'vpsops commands',
  'help.overview.note':
    'Your role ({role}) may run these here · details: /vps help <group>, e.g. /vps help instance · /vps help <group> <action>',
  'help.overview.summary': '{count} commands available',
  'help.groupPage.title': 'Help: {group}',
  'help.groupPage.details': 'Details: /vps help {group} <action>',
  'help.command.examples': 'Examples:',
  'help.command.private': 'The reply is shown only to you.',
  'help.arg.required': 'required',
  'help.arg.optional': 'optional',
  'help.arg.bound': ' (omit to use the channel’s bound instance)',
  'help.arg.default': ' (default {value})',
  // Alert groups and enrichment (src/watch: group-actions.ts, grouped-alerts.ts, alert-context.ts)
  'alertGroup.button.ack': 'Acknowledge',
  'alertGroup.button.snooze': 'Snooze 1 h',
  'alertGroup.button.silenceLocation': 'Silence {location} 1 h',
  'alertGroup.button.members': 'Show members',
  'alertGroup.membersTitle': 'Every server of this storm ({traits})',
  'alertGroup.ackedBy': 'Acknowledged by ',
  'alertGroup.snoozedBy': 'Snoozed by ',
  'alertGroup.acked':
    'Acknowledged the storm of {count, plural, one {# server} other {# servers}} ({traits}); no more reminders.',
  'alertGroup.snoozed':
    'Snoozed the storm of {count, plural, one {# server} other {# servers}} ({traits}) for {span}.',
  'alertGroup.alreadyAcked': 'This storm was already acknowledged — nothing more was done.',
  'alertGroup.over': 'This storm is over — nothing was done.',
  'alertGroup.threadHead': 'Every server of this storm, part {part}',
  'alertGroup.restInThread': 'all {count} in the thread',
  'alertCard.lastChange': 'Last change through the bot: {change}',
  'alertCard.button.runbook': 'Runbook',
  'alertCard.button.metrics': 'Metrics',
  'alertCard.button.silence': 'Silence 1 h',
} as const;

/** Every message key. */
export type MessageKey = keyof typeof en;

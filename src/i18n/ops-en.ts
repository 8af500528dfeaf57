// English messages of the bot's own commands (help aside), billing, watches, silences and alerts'
// commands, public notices and console / exec output. Spread into catalogue-en.ts; ops-id.ts has
// the same keys (the type makes a missing one a compile error).
export const opsEn = {
  // The public line after a destructive action (src/core/confirmation/confirm-card.ts)
  'notice.instance stop': 'stopped {target}',
  'notice.instance delete': 'deleted {target}',
  'notice.ip move': 'moved a public IP to {target}',
  'notice.backup restore': 'restored a backup onto {target}',
  'notice.backup delete': 'deleted a backup of {target}',
  'notice.snapshot delete': 'deleted a snapshot of {target}',
  'notice.snapshot rollback': 'rolled back {target}',
  'notice.network attach': 'attached a private network to {target}',
  'notice.network detach': 'detached a private network from {target}',
  'notice.ran': 'ran {command}',
  'notice.ranOn': 'ran {command} on {target}',
  'notice.confirmed': '{who} {what} (confirmed {time} UTC)',
  'notice.approved': '{who} {what} (approved by {approver} {time} UTC)',

  // language
  'language.title': 'Channel language',
  'language.channel':
    'Public messages in this channel (notices, alerts) are in {language}, set by {who} {when}.',
  'language.default':
    'Public messages in this channel (notices, alerts) are in {language}, the bot’s default. Admins change it with /vps language id or /vps language en.',
  'language.private': 'Private replies always use each person’s own language.',
  'language.set.title': 'Channel language set',
  'language.set': 'Public messages in this channel (notices, alerts) are now in {language}.',
  'language.unchanged': 'This channel already uses {language}. Nothing changed.',
  'language.unknown': 'Unknown language “{value}”: supported are {supported}. Nothing changed.',
  'language.unknownHint': 'Try: /vps language id',
  'language.adminsOnly':
    'Only admins can change the channel’s language (your role: {role}). Nothing changed.',
  'language.name.en': 'English',
  'language.name.id': 'Bahasa Indonesia',
  // Discord's command list (adapters/discord/commands-payload.ts), ≤ 100 characters there
  'discord.root': 'Run the virtual-server hosting service',
  'discord.group': '{group} commands: {subs}',
  // Metric charts (src/render/chart/)
  'chart.period.hour': 'Last hour',
  'chart.period.day': 'Last day',
  'chart.period.week': 'Last week',
  'chart.period.month': 'Last month',
  'chart.period.year': 'Last year',
  'chart.timesAsReported': 'sample times as reported',
  'chart.noData': 'No data',
  'chart.panel.cpu': 'CPU',
  'chart.panel.memory': 'Memory',
  'chart.panel.network': 'Network',
  'chart.panel.disk': 'Disk I/O',
  'chart.line.CPU': 'CPU',
  'chart.line.Used': 'Used',
  'chart.line.Max': 'Max',
  'chart.line.In': 'In',
  'chart.line.Out': 'Out',
  'chart.line.Read': 'Read',
  'chart.line.Write': 'Write',
  'chart.latestPeak': 'latest {latest} · peak {peak} {unit}',
  'chart.namedLatestPeak': '{name} latest {latest} · peak {peak} {unit}',
  // help, use, whoami, status (commands/bot*.ts)
  'bot.help.unknown': 'There is no `{command}` command you can run in this channel (your role: {role}).',
  'bot.help.unknownNear':
    'There is no `{command}` command you can run in this channel (your role: {role}). Did you mean `{near}`?',
  'bot.help.try': 'Try: /vps help',
  'bot.help.tryNear': 'Try: /vps help {near}',
  'bot.use.both':
    'Use either an instance or --clear, not both: `use {label}` binds it, `use --clear` unbinds.',
  'bot.use.unbound': 'This channel is no longer bound to {label}.',
  'bot.use.wasNotBound': 'This channel was not bound to an instance.',
  'bot.use.cleared': 'Binding cleared',
  'bot.use.boundTo': 'This channel is bound to {label} ({uuid}).',
  'bot.use.none': 'No instance is bound to this channel. Bind one with /vps use web-1.',
  'bot.use.title': 'Channel binding',
  'bot.use.nowUses': 'This channel now uses {label}',
  'bot.use.defaults': 'Commands here default to {label} ({status}). /vps status shows its incident card.',
  'bot.whoami.platform': 'Platform',
  'bot.whoami.userId': 'User id',
  'bot.whoami.name': 'Name',
  'bot.whoami.role': 'Role',
  'bot.whoami.roleFrom': 'Role from',
  'bot.whoami.channel': 'Channel',
  'bot.whoami.destructive': 'Destructive commands here',
  'bot.whoami.allowed': 'allowed',
  'bot.whoami.notAllowed': 'not allowed',
  'bot.whoami.title': 'You are {name}',
  'bot.status.goneTitle': '{label} no longer exists',
  'bot.status.gone':
    'The instance bound to this channel ({label}) is unknown to the hosting service — deleted?',
  'bot.status.goneContext': 'uuid {uuid} · unbind with /vps use --clear',
  'bot.status.noneTitle': 'No instance bound',
  'bot.status.none':
    'This channel has no instance bound. Bind one with /vps use web-1, then run /vps status.',
  'bot.status.state': 'State',
  'bot.status.cpuHour': 'CPU, last hour',
  'bot.status.noMetrics': 'metrics unavailable',
  'bot.status.context': 'uuid {uuid} · /vps instance show for everything · /vps use --clear to unbind',
  'alert.noAlerts': 'Alerts are not handled in this mode — nothing was done.',
} as const;

/** The keys of this file. */
export type OpsKey = keyof typeof opsEn;

// English texts the watch module writes (src/watch/): alert details, the watch services' answers
// and refusals, and the notices a channel or a watch's owner gets (delivery failures, delays, ended
// silences). Spread into catalogue-en.ts; notices-id.ts has the same keys.
export const noticesEn = {
  // What an alert's condition looks like now (alert-rules.ts, balance-watch.ts)
  'alertDetail.status': 'Status {status}',
  'alertDetail.cpu': 'CPU {value} % (threshold {threshold} %)',
  'alertDetail.memory': 'Memory {value} % (threshold {threshold} %)',
  'alertDetail.gone': 'Gone (the API no longer knows it)',
  'alertDetail.balance': 'Balance {amount}',
  'alertDetail.balanceUnder': 'under {amount}',
  'alertDetail.runway': 'runway {days} days',
  'alertDetail.runwayUnder': 'runway {days} days (under {limit})',
  // An alert the bot could not post (delivery.ts), and `watch` where it cannot post
  'delivery.remedy.not_in_channel':
    'The bot is not a member of that channel: invite it there (e.g. /invite @vpsops).',
  'delivery.remedy.channel_not_found': 'The channel is gone, or the bot cannot see it.',
  'delivery.remedy.missing_scope': 'The bot token lacks a permission to post (Slack scope chat:write).',
  'delivery.remedy.missing_access':
    'The bot may not send messages there: give it View Channel and Send Messages.',
  'delivery.remedy.is_archived': 'The channel is archived.',
  'delivery.remedy.rate_limited': 'The platform kept refusing for rate limits.',
  'delivery.remedy.edit_limit': 'The platform refuses more edits of this old message for now.',
  'delivery.remedy.other': 'The platform refused the message.',
  'delivery.title': 'Alert not delivered',
  'delivery.line':
    'I could not post an alert for {label} in channel {channel}, where you set the watch: "{detail}".',
  'delivery.cannotPost': 'I cannot post alerts in this channel, so nothing is watched. {remedy}',
  'delivery.thenAgain': 'Then run the same watch command again.',
  // The pacer's notice (paced-poster.ts)
  'pacing.delayed':
    '⏳ Alerts in this channel are delayed: the platform is limiting how fast the bot may post. They follow in order.',
  // `watches`: a watch's state (watch-book.ts)
  'watchState.notPolled': 'not polled yet',
  'watchState.ok': 'OK ({status})',
  'watchState.statusUnknown': 'status unknown',
  'watchState.alert': 'ALERT: {detail}',
  'watchState.alertAcked': 'ALERT: {detail} · acknowledged by {who}',
  'watchState.silenced': 'silenced until {time} UTC by {who}',
  'watchState.silencedReason': 'silenced until {time} UTC by {who} ({reason})',
  // Fleet watches (fleet-watches.ts)
  'fleet.everyServer': 'every server',
  'fleet.location': 'location {name}',
  'fleet.noList':
    'The hosting service does not offer an instance list, so servers cannot be watched by location or all at once — nothing is watched.',
  'fleet.oneByOne': 'Watch servers one by one instead: /vps watch <uuid>',
  'fleet.noServerIn': 'No server is in location "{name}" — nothing is watched.',
  'fleet.locations': 'Locations with servers: {locations}.',
  'fleet.emptyList': 'The instance list is empty.',
  // Silences (silences.ts, silence-book.ts)
  'silenceBook.location': 'location {name}',
  'silenceBook.all': 'all watched servers',
  'silenceBook.notDuration':
    '"{input}" is not a duration: use days, hours and minutes like 45m, 2h, 1d or 1h30m.',
  'silenceBook.tooShort': 'A silence must last at least a minute.',
  'silenceBook.tooLong': 'A silence lasts at most 7 days; {input} is longer.',
  'silenceBook.nothingSilenced': '{error} Nothing was silenced.',
  'silenceBook.noLocation': 'No watched server is in location "{name}" — nothing changed.',
  'silenceBook.locations': 'Watched servers are in: {locations}.',
  'silenceBook.nonePolled': 'No watched server has been polled yet.',
  'silenceBook.notWatched': '{ref} is not a watched server — nothing changed.',
  'silenceBook.seeWatches': 'See the watched servers with `watches`.',
  'silenceBook.endedTitle': 'Silence of {what} ended',
  'silenceBook.endedLine': 'Alerts for {what} are posted (and paged) again.',
  'silenceBook.setBy': 'Set by {who}',
  'silenceBook.setByReason': 'Set by {who} · {reason}',
  'watchLoss.title': 'The bot’s state store lost its data: this channel’s watches are gone',
  'watchLoss.watches': 'No longer watched: {list}.',
  'watchLoss.fleets': 'Fleet watches gone: {list}.',
  'watchLoss.silences': 'Silences gone (alerts are posted again): {list}.',
  'watchLoss.restore':
    'Set them again with `watch <server>`, `watch --all` or `silence`; `audit` shows who set what and when.',
} as const;

/** The keys of this file. */
export type NoticesKey = keyof typeof noticesEn;

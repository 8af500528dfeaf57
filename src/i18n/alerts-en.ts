// English texts of alerts and their notices (src/watch/): what everyone in a watched channel sees,
// in the channel's language. Spread into catalogue-en.ts; alerts-id.ts has the same keys.
export const alertsEn = {
  'alert.kind.status': 'needs attention',
  'alert.kind.cpu': 'CPU above threshold',
  'alert.kind.memory': 'memory above threshold',
  'alert.kind.unreachable': 'hosting API unreachable',
  'alert.kind.gone': 'is gone (the API no longer knows it)',
  'alert.kind.balance': 'running low',
  'alert.headline': '{label}: {what}',
  'alert.headlineGone': '{label} {what}',
  'alert.now': 'Now',
  'alert.openFor': 'Open for',
  'alert.trend': 'Trend',
  'alert.someone': 'someone',
  'alert.acknowledgedBy': 'Acknowledged by {who}',
  'alert.snoozedBy': 'Snoozed by {who} for {span}',
  'alert.watchedBy': 'Watched from here by {who}',
  'alert.button.ack': 'Acknowledge',
  'alert.button.snooze': 'Snooze 1 h',
  'alert.button.show': 'Show',
  'alert.reachableTitle': '{label}: hosting API reachable again',
  'alert.recoveredTitle': '{label}: recovered',
  'alert.lastSeen': 'Last seen: {detail}',
  'alert.recoveredAfter': '{what} — recovered after {span}.',
  'alert.reachableAgain': 'The hosting API is reachable again',
  'alert.recovered': '{label} recovered',
  'alert.recoveredNotice': '{what} ({kind}) after {span}.',
  'alert.recoveredSummary': '{what} after {span}',
  'alert.reminder': '{label}: {what} for {span} and not acknowledged yet ({detail}).',
} as const;

/** The keys of this file. */
export type AlertsKey = keyof typeof alertsEn;

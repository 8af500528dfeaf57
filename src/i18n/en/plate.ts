// English texts of what is on a person's plate (src/core/plate: `me` on every platform, Slack's
// App Home). Spread into catalogue.ts; id/plate.ts has the same keys.
export const plateEn = {
  'plate.title': 'On your plate',
  'plate.approvals': 'Waiting for your approval ({count})',
  'plate.approvals.none': 'Nothing waits for your approval.',
  'plate.approvals.hint':
    'Approve or deny each on its card in its channel (on Slack, also from the vpsops Home tab).',
  'plate.previews': 'Your requests still waiting ({count})',
  'plate.previews.none': 'None of your requests is waiting.',
  'plate.watches': 'Watches ({count})',
  'plate.watches.none': 'No watch in {channels, plural, one {this channel} other {your channels}}.',
  'plate.incidents': 'Open incidents ({count})',
  'plate.silences': 'Active silences ({count})',
  'plate.silences.none': 'No silence is running.',
  'plate.unavailable': 'This bot cannot tell what is on your plate here.',
  'plate.col.request': 'Request',
  'plate.col.target': 'Target',
  'plate.col.askedBy': 'Asked by',
  'plate.col.expires': 'Expires',
  'plate.col.channel': 'Channel',
  'plate.col.server': 'Server',
  'plate.col.state': 'State',
  'plate.col.what': 'What',
  'plate.col.until': 'Until',
  'plate.col.by': 'By',
  'plate.summary':
    '{approvals, plural, one {# request waits} other {# requests wait}} for your approval; {previews, plural, one {# of yours waits} other {# of yours wait}}',
} as const;

export type PlateKey = keyof typeof plateEn;

// English texts the Slack adapter writes itself (adapters/slack): its failure notice, the typed
// dialog's generic texts and in-dialog refusals, page markers, chart notes, the last response_url
// edit's note and the OAuth install pages. Spread into catalogue-en.ts; slack-id.ts has the same keys.
export const slackEn = {
  // handler-deps.ts: the work may have run before the crash, so never "try again".
  'slack.failed':
    'Answering in Slack failed, so it is not known whether the command ran. Check before you run it again.',
  // handlers.ts / modal.ts / typed-dialog.ts: the typed-confirmation dialog
  'slack.dialogNotOpened': 'The confirmation dialog could not be opened in time. Click {button} again.',
  'slack.typed.genericLabel': 'Type the name shown on the card to confirm',
  'slack.typed.mismatch': 'That does not match — type {expected} exactly to confirm. Nothing was done.',
  'slack.typed.mismatchLong': 'That does not match the name on the card. Nothing was done.',
  // render.ts, render-buttons.ts: pages of a long message, a card's expiry ({when} is Slack's date token)
  'slack.page.marker': 'Page {page} of {pages}',
  'slack.page.dropped': '{count, plural, one {# more block} other {# more blocks}} not shown',
  'slack.page.fallback': ' (page {page})',
  'slack.card.expires': 'Expires {when}',
  // responder.ts: charts
  'slack.chart.private':
    'Charts cannot be shown in a private reply; run the command in the channel to see them.',
  'slack.chart.uploadFailed': 'The chart could not be uploaded to Slack.',
  // response-urls.ts: the 5th and last use of a response_url (in the channel's language)
  'slack.lastUse':
    'Slack allows no more updates of this message. Invite me to this channel (`/invite`) so I can post and keep cards up to date here.',
  // oauth.ts: the pages a browser sees after an install
  'slack.install.doneTitle': 'vpsops is installed',
  'slack.install.doneText': 'Run /vps connect in Slack to link your hosting API key.',
  'slack.install.orgTitle': 'Org-wide install not supported',
  'slack.install.orgText':
    'vpsops cannot be installed across a whole Enterprise Grid organisation yet. Install it in each workspace instead.',
  'slack.install.failedTitle': 'Installation failed',
  'slack.install.failedText': 'Nothing was installed. Start again from the install page.',
  // home-view.ts, home.ts: the App Home ({when} is Slack's date token) and the "Show server" shortcut
  'slack.home.deny': 'Deny',
  'slack.home.more': '{count} more waiting — `/vps me` lists them all.',
  'slack.home.updated': 'Updated {when}',
} as const;

/** The keys of this file. */
export type SlackKey = keyof typeof slackEn;

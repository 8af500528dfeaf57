// English texts of a followed operation's card (src/tracking/messages.ts): progress, done, failed,
// timed out. Spread into catalogue-en.ts; tracking-id.ts has the same keys. The verbs are keyed by
// the English verb a command's FollowSpec names ('track.verb.stopping').
export const trackingEn = {
  'track.progress': '⏳ {label}: {verb}… {elapsed}',
  'track.progressStatus': '⏳ {label}: {verb}… {elapsed} (status {status})',
  'track.summary': '{label}: {verb}…',
  'track.done.gone': '✅ {label} deleted — done in {elapsed}',
  'track.done.ip': '✅ {ip} is on {label} — done in {elapsed}',
  'track.done.status': '✅ {label} is {status} — done in {elapsed}',
  'track.done.plain': '✅ {label} is done — done in {elapsed}',
  'track.theIp': 'the public IP',
  'track.failed': '❌ {label}: {verb} failed after {elapsed} — {reason}',
  'track.reason.gone': 'the instance no longer exists',
  'track.reason.goneKnown': 'the instance no longer exists (last known status {status})',
  'track.reason.status': 'it reports status {status}',
  'track.timedOut': '⚠️ {label}: stopped following after {elapsed} — not finished {verb} ({known})',
  'track.known.status': 'last known status {status}',
  'track.known.none': 'no check of its status succeeded',
  'track.known.lastError': '{known}; last check failed: {error}',
  'track.unexpectedError': 'an unexpected error',
  'track.verb.stopping': 'stopping',
  'track.verb.starting': 'starting',
  'track.verb.restarting': 'restarting',
  'track.verb.terminating': 'terminating',
  'track.verb.restoring': 'restoring',
  'track.verb.rolling back': 'rolling back',
  'track.verb.assigning the public IP': 'assigning the public IP',
  'track.verb.moving the public IP': 'moving the public IP',
} as const;

/** The keys of this file. */
export type TrackingKey = keyof typeof trackingEn;

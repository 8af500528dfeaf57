// The line the console prints when a card's question ends without an answer being sent: the
// confirmation expired (with its local time), or it was answered elsewhere meanwhile.
import { DEFAULT_LOCALE, t, type Locale } from '../../src/core/index.js';

/** The one line printed when a question ends without an answer: expired, or answered elsewhere. */
export function settledLine(expiresAt: number, now: number, locale: Locale = DEFAULT_LOCALE): string {
  if (now < expiresAt) return t(locale, 'console.answeredElsewhere');
  const at = new Date(expiresAt);
  const clock = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0'));
  return t(locale, 'console.expiredAt', { time: clock.join(':') });
}

// A hosting-API error as one sentence in the reader's language: what failed and why, the HTTP
// status (or the short detail), and the API's own message as the API wrote it. In English it is
// exactly ApiError.chatText(), which src/api keeps for logs (src/api imports no catalogue).
import type { ApiError } from '../../api/errors.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { isMessageKey, t } from '../../i18n/translate.js';

/** "The hosting API did not answer in time (HTTP 504)." / "API hosting tidak menjawab tepat waktu (HTTP 504)." */
export function apiErrorText(error: ApiError, locale: Locale = DEFAULT_LOCALE): string {
  // Refused by the client itself: nothing was sent, so the API "rejected" nothing.
  const refusal = error.inputRefusal;
  if (refusal && isMessageKey(refusal.key)) return t(locale, refusal.key, refusal.values);
  const status = error.status ? ` (HTTP ${error.status})` : error.detail ? ` (${error.detail})` : '';
  const said = error.apiMessage ? `: “${error.apiMessage}”` : '';
  const line = `${t(locale, `error.api.code.${error.code}`)}${status}${said}`;
  // The API's own message usually ends in a full stop already; never print two (” as \u201D: bin/build.js).
  return /[.!?]\u201D?$/.test(line) ? line : `${line}.`;
}

/** The sentence with its first letter lowered, to follow a colon ("…: the hosting API failed."). */
export function apiErrorClause(error: ApiError, locale: Locale = DEFAULT_LOCALE): string {
  const line = apiErrorText(error, locale);
  return line.length > 1 && /^[A-Z][a-z]/.test(line) ? line.charAt(0).toLowerCase() + line.slice(1) : line;
}

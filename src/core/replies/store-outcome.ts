// The chat answer when the bot's state store (Redis) cannot be reached: says plainly that the
// store is down and whether anything may have changed, without hosts or other details (those go
// to the log). Kept apart from outcomes.ts so the runner only has to recognise the error.
import { context, text } from '../../render/builders.js';
import type { Message } from '../../render/message.js';
import type { StoreUnavailableError } from '../store-errors.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/** Message for a store outage; `mayHaveApplied` decides between "nothing changed" and "unknown". */
export function storeUnavailableMessage(
  error: StoreUnavailableError,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  if (error.code === 'STORE_WRITE_REFUSED' || error.code === 'STORE_UNSAFE')
    return cannotWrite(error, locale);
  const line = t(locale, error.mayHaveApplied ? 'store.unknown' : 'store.unreachable');
  const hint = t(locale, error.mayHaveApplied ? 'store.checkFirst' : 'store.tryAgain');
  return {
    title: t(locale, 'store.title'),
    tone: 'error',
    blocks: [text(line), context(hint)],
    summary: line,
    outcome: 'error',
    visibility: 'ephemeral',
  };
}

/** The store answers but would not (or must not) record this: nothing was written, nothing run. */
function cannotWrite(error: StoreUnavailableError, locale: Locale): Message {
  const line = t(locale, error.code === 'STORE_UNSAFE' ? 'store.unsafe' : 'store.cannotWrite');
  return {
    title: t(locale, 'store.cannotWriteTitle'),
    tone: 'error',
    blocks: [text(line), context(t(locale, 'store.operator'))],
    summary: line,
    outcome: 'error',
    visibility: 'ephemeral',
  };
}

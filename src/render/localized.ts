// A catalogued sentence that names people: the placeholders holding a person become mentions
// (PersonRef) in the Inline parts, the rest is the translated text around them.
import { t, type MessageValues } from '../i18n/translate.js';
import type { MessageKey } from '../i18n/catalogue.js';
import type { Locale } from '../i18n/locale.js';
import type { Inline } from './message.js';

// Characters no catalogue text contains, so a person's slot is found again after formatting.
const MARK = '\u0001';

/** t(locale, key, values) as Inline parts, with each `people` placeholder as that person's mention. */
export function localizedLine(
  locale: Locale,
  key: MessageKey,
  people: Record<string, Inline>,
  values: MessageValues = {},
): Inline[] {
  const slots = Object.fromEntries(Object.keys(people).map((name) => [name, `${MARK}${name}${MARK}`]));
  const formatted = t(locale, key, { ...values, ...slots });
  return formatted
    .split(MARK)
    .map((piece, i): Inline => (i % 2 === 1 ? (people[piece] ?? piece) : piece))
    .filter((part) => part !== '');
}

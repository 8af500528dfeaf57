// One lookup for every catalogued message: ICU MessageFormat (plurals, selects) through
// intl-messageformat, each compiled once per locale and key.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { CATALOGUES, type MessageKey } from './catalogue.js';
import { INTL_TAG, type Locale } from './locale.js';

/** Placeholder values a message takes. */
export type MessageValues = Record<string, PrimitiveType>;

// Compiling a message costs far more than formatting it; every reply formats several.
const compiled = new Map<string, IntlMessageFormat>();

function formatter(locale: Locale, key: MessageKey): IntlMessageFormat {
  const cacheKey = `${locale}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[locale][key], INTL_TAG[locale], undefined, {
      ignoreTag: true,
    });
    compiled.set(cacheKey, format);
  }
  return format;
}

/** The message `key` in `locale`, with its placeholders filled: t('id', 'field.location') → "Lokasi". */
export function t(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const text = formatter(locale, key).format(values);
  return typeof text === 'string' ? text : String(text);
}

/** A catalogued text kept unformatted (as in an audit record), so each reader gets it in their language. */
export interface CatalogueText {
  key: MessageKey;
  values?: Record<string, string>;
}

/** A text as `locale` reads it: a catalogued one formatted, a plain string (older records) as it is. */
export function textIn(locale: Locale, text: string | CatalogueText): string {
  if (typeof text === 'string') return text;
  // A record written by another version may name a key this one no longer has.
  return isMessageKey(text.key) ? t(locale, text.key, text.values) : text.key;
}

/** Whether `key` is catalogued (for keys built from API values, such as a status). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES.en, key);
}

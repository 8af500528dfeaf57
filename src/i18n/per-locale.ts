// Locale-bound objects built on first use: an Intl formatter costs milliseconds to build (ICU data
// for its locale), so a process that never answers in Indonesian never builds the Indonesian ones,
// and `exec` builds only what its one reply needs.
import type { Locale } from './locale.js';

/** `make(locale)`, built the first time a locale asks and kept for the process. */
export function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

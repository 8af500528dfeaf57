// The languages the bot answers in, and how a platform's locale tag maps onto them.

/** Every locale the bot has a catalogue for; English is the default. */
export const LOCALES = ['en', 'id'] as const;

/** A supported answer language. */
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The language of the hosting API's own words (statuses, timestamps), which need no translation in it. */
export const API_LOCALE: Locale = 'en';

/** The BCP 47 tag `Intl` formats with (numbers, money, dates). */
export const INTL_TAG: Record<Locale, string> = { en: 'en-US', id: 'id-ID' };

/**
 * Any BCP 47 tag ("id-ID", "in", "en-GB", "id_ID") → the supported language it names, by its
 * language subtag as Intl.Locale reads it; null for another language or a malformed tag.
 */
export function nearestLocale(tag: string): Locale | null {
  let language: string;
  try {
    language = new Intl.Locale(tag.trim().replace(/_/g, '-')).language;
  } catch {
    return null;
  }
  return LOCALES.find((locale) => locale === language) ?? null;
}

/** A platform's tag ("id", "id-ID", "en-US", undefined) → the answer language: Indonesian or else English. */
export function localeFrom(tag: string | null | undefined): Locale {
  return (typeof tag === 'string' ? nearestLocale(tag) : null) ?? DEFAULT_LOCALE;
}

/** A value typed by a person (`--locale`, `VPSOPS_LOCALE`, `language`): a supported locale, else null. */
export function parseLocale(value: string): Locale | null {
  return nearestLocale(value);
}

/** What a refusal of an unknown value lists: "en, id". */
export function supportedLocales(): string {
  return LOCALES.join(', ');
}

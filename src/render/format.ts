// Humanising helpers shared by commands and renderers, so money, sizes and times read the same
// everywhere and missing values never show as "undefined", "null" or "NaN". Numbers, money and
// sizes here; times and spans in time-format.ts, what a missing value looks like in display.ts.
import { API_LOCALE, DEFAULT_LOCALE, INTL_TAG, type Locale } from '../i18n/locale.js';
import { perLocale } from '../i18n/per-locale.js';
import { isMessageKey, t } from '../i18n/translate.js';
import { EMPTY, toNumber } from './display.js';

// toLocaleString with options builds a new NumberFormat on every call (~0.3 ms each, on every read).
const grouping = perLocale(fixedDecimals);

function fixedDecimals(locale: Locale): Intl.NumberFormat[] {
  return [0, 1, 2].map(
    (decimals) =>
      new Intl.NumberFormat(INTL_TAG[locale], {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  );
}

function group(n: number, decimals: number, locale: Locale = DEFAULT_LOCALE): string {
  return (grouping(locale)[decimals] ?? new Intl.NumberFormat(INTL_TAG[locale])).format(n);
}

const plainNumbers = perLocale(
  (locale) => new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: 2 }),
);

/** A plain number with the locale's separators: "1,250,000.5" (en), "1.250.000,5" (id); "—" when not numeric. */
export function formatNumber(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const n = toNumber(value);
  return n === null ? EMPTY : plainNumbers(locale).format(n);
}

/**
 * Money as its readers write it: "IDR 912,500" / "USD 3.50" (en), "Rp 912.500" / "USD 3,50" (id);
 * decimals only when the amount has them.
 */
export function money(amount: unknown, currency = 'IDR', locale: Locale = DEFAULT_LOCALE): string {
  const n = toNumber(amount);
  if (n === null) return EMPTY;
  const decimals = Number.isInteger(n) ? 0 : 2;
  const symbol = locale === 'id' && currency === 'IDR' ? 'Rp' : currency;
  return `${symbol} ${group(n, decimals, locale)}`;
}

const compactNumbers = perLocale(
  (locale) => new Intl.NumberFormat(INTL_TAG[locale], { notation: 'compact', maximumFractionDigits: 1 }),
);

/**
 * Money in a column or on an axis, to one decimal: "IDR 1.2M" / "IDR 950K" (en), "Rp1,2 jt" /
 * "Rp950 rb" (id, as Indonesians shorten rupiah); amounts under a thousand in full.
 */
export function moneyShort(amount: unknown, currency = 'IDR', locale: Locale = DEFAULT_LOCALE): string {
  const n = toNumber(amount);
  if (n === null) return EMPTY;
  // Intl puts a no-break space before "rb" / "jt"; chat tables and tests read a plain one.
  const figure = compactNumbers(locale)
    .format(Math.abs(n))
    .replace(/\u00a0/g, ' ');
  const sign = n < 0 ? '-' : '';
  return locale === 'id' && currency === 'IDR' ? `${sign}Rp${figure}` : `${currency} ${sign}${figure}`;
}

/**
 * Money in a table column: in full in English ("IDR 912,500", as the column always read), short
 * as Indonesians write rupiah in other languages ("Rp912,5 rb").
 */
export function moneyColumn(amount: unknown, currency: string, locale: Locale): string {
  return locale === 'en' ? money(amount, currency) : moneyShort(amount, currency, locale);
}

/** Whether `locale` reads the hosting API's own words (statuses, timestamps) as the API writes them. */
export function readsApiWords(locale: Locale): boolean {
  return locale === API_LOCALE;
}

/** An API status as `locale` reads it: the API's own word, with its translation beside it elsewhere ("Berjalan (Running)"). */
export function apiStatus(status: string, locale: Locale): string {
  const key = `status.${status.toLowerCase()}`;
  return readsApiWords(locale) || !isMessageKey(key) ? status : `${t(locale, key)} (${status})`;
}

/** A percentage with one decimal: "42.5%". */
export function percent(value: unknown, digits = 1, locale: Locale = DEFAULT_LOCALE): string {
  const n = toNumber(value);
  return n === null ? EMPTY : `${decimal(n, digits, locale)}%`;
}

/** A number with a fixed count of decimals (0–2): "12.5" (en, as toFixed), "12,5" (id). */
export function decimal(n: number, digits: number, locale: Locale = DEFAULT_LOCALE): string {
  return locale === 'en' ? n.toFixed(digits) : group(n, digits, locale);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
/** The unit a raw size is given in (1024 steps). */
export type SizeUnit = (typeof UNITS)[number];

/** The unit a suffix names: b, byte(s), or k/kb/kib … p/pb/pib (1024 steps whichever is written). */
function unitOf(suffix: string): SizeUnit | undefined {
  const s = suffix.toLowerCase();
  if (s === 'b' || s === 'byte' || s === 'bytes') return 'B';
  const prefix = /^([kmgtp])(?:i?b)?$/.exec(s)?.[1];
  return UNITS.find((unit) => unit !== 'B' && unit[0]?.toLowerCase() === prefix);
}

/** Converts a size to bytes: numbers / numeric strings are in `unit`; "4 GB", "512MB", "1.5 TiB" carry their own. */
export function toBytes(value: unknown, unit: SizeUnit = 'B'): number | null {
  const plain = toNumber(value);
  if (plain !== null) return plain * 1024 ** UNITS.indexOf(unit);
  if (typeof value !== 'string') return null;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(value);
  const found = match ? unitOf(match[2] ?? '') : undefined;
  if (!match || !found) return null;
  return Number(match[1]) * 1024 ** UNITS.indexOf(found);
}

/** Human size with 1024 steps: size(4096, 'MB') → "4 GB", size("512MB") → "512 MB", size(1536) → "1.5 KB". */
export function size(value: unknown, unit: SizeUnit = 'B'): string {
  const bytes = toBytes(value, unit);
  if (bytes === null) return typeof value === 'string' && value.trim() !== '' ? value : EMPTY;
  let n = Math.abs(bytes);
  let i = 0;
  while (n >= 1024 && i < UNITS.length - 1) {
    n /= 1024;
    i += 1;
  }
  const rounded =
    n >= 100 || Number.isInteger(n) ? Math.round(n).toString() : n.toFixed(1).replace(/\.0$/, '');
  return `${bytes < 0 ? '-' : ''}${rounded} ${UNITS[i]}`;
}

/** Bytes → human size: bytes(1_500_000) → "1.4 MB". */
export function bytes(value: unknown): string {
  return size(value, 'B');
}

/** Bytes per second → "1.2 MB/s". */
export function rate(bytesPerSecond: unknown): string {
  const text = bytes(bytesPerSecond);
  return text === EMPTY ? EMPTY : `${text}/s`;
}

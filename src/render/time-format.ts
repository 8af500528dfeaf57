// Times and spans as people read them, per locale: "2 h 14 min" / "2 jam 14 menit", "3 days ago",
// "25 Januari 2024 14.43"; dates read from whatever the API sends (epoch s/ms, ISO, human dates).
import { MONTHS, parseApiDate } from '../api/dates.js';
import { t } from '../i18n/translate.js';
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from '../i18n/locale.js';
import { perLocale } from '../i18n/per-locale.js';
import { display, EMPTY, toNumber } from './display.js';

/** Date from a Date, epoch ms / s, ISO string, "YYYY-MM-DD HH:MM:SS" or "25 January 2024 14:37" (UTC); null otherwise. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{9,13}$/.test(value.trim())
        ? Number(value)
        : null;
  if (n !== null) return validDate(new Date(n < 1e11 ? n * 1000 : n));
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const human = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})(?:[ ,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (human) {
    const month = MONTHS.findIndex((m) => m.startsWith((human[2] ?? '').toLowerCase().slice(0, 3)));
    if (month < 0) return null;
    const [d, y, h, min, s] = [human[1], human[3], human[4], human[5], human[6]].map((x) => Number(x ?? 0));
    return validDate(new Date(Date.UTC(y ?? 0, month, d ?? 1, h ?? 0, min ?? 0, s ?? 0)));
  }
  // "26/08/2024" is day first (E4's top-ups); JavaScript's Date would read it month first.
  if (/^\d{1,2}\/\d{1,2}\/\d{4}\b/.test(text)) return parseApiDate(text);
  const isoish = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  return validDate(new Date(isoish));
}

/** Null for an Invalid Date (e.g. epoch ms beyond year 275760), which would throw in toISOString. */
function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time unit as the catalogue writes it ("3 d" in English, "3 hari" in Indonesian). */
type TimeUnit = 's' | 'min' | 'h' | 'd' | 'mo' | 'y';

const UNIT_KEYS = {
  s: 'unit.s',
  min: 'unit.min',
  h: 'unit.h',
  d: 'unit.d',
  mo: 'unit.mo',
  y: 'unit.y',
} as const;

/** "2 h 14 min" / "2 jam 14 menit": each part through the catalogue, digits as computed. */
function span(parts: [number, TimeUnit][], locale: Locale): string {
  return parts.map(([n, unit]) => t(locale, UNIT_KEYS[unit], { n: String(n) })).join(' ');
}

/** Milliseconds → "2 h 14 min", "3 min 5 s", "45 s", "2 d 3 h" (two largest units; id: "2 jam 14 menit"). */
export function duration(ms: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const n = toNumber(ms);
  if (n === null || n < 0) return EMPTY;
  const s = Math.floor(n / 1000);
  if (s < 60) return span([[s, 's']], locale);
  const parts: [number, TimeUnit][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([v]) => v > 0);
  return span(
    parts.slice(first, first + 2).filter(([v]) => v > 0),
    locale,
  );
}

/** Coarse time left for hints: "45 s", "2 min", "3 h" (rounded, never "1 min 59 s"). */
export function roughDuration(ms: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const n = toNumber(ms);
  if (n === null || n < 0) return EMPTY;
  if (n < 60_000) return span([[Math.max(1, Math.round(n / 1000)), 's']], locale);
  if (n < 3_600_000) return span([[Math.round(n / 60_000), 'min']], locale);
  return span([[Math.round(n / 3_600_000), 'h']], locale);
}

/** "just now", "45 s ago", "3 min ago", "3 h ago", "2 d ago", or "in 5 min" for the future (id: "3 hari lalu"). */
export function relativeTime(
  value: unknown,
  now: Date = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' && value.trim() !== '' ? value : EMPTY;
  const diff = now.getTime() - date.getTime();
  const abs = Math.abs(diff);
  if (abs < 5_000) return t(locale, 'time.justNow');
  const s = Math.floor(abs / 1000);
  const parts: [number, TimeUnit][] =
    s < 60
      ? [[s, 's']]
      : s < 3600
        ? [[Math.floor(s / 60), 'min']]
        : s < 86_400
          ? [[Math.floor(s / 3600), 'h']]
          : s < 60 * 86_400
            ? [[Math.floor(s / 86_400), 'd']]
            : monthsAndYears(diff >= 0 ? date : now, diff >= 0 ? now : date);
  return t(locale, diff >= 0 ? 'time.ago' : 'time.in', { span: span(parts, locale) });
}

/** "10 mo" or "2 y 10 mo" for spans of two months and more (days stop being readable there). */
function monthsAndYears(from: Date, to: Date): [number, TimeUnit][] {
  const shortOfMonth =
    to.getTime() - Date.UTC(to.getUTCFullYear(), to.getUTCMonth()) <
    from.getTime() - Date.UTC(from.getUTCFullYear(), from.getUTCMonth());
  const months =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 +
    (to.getUTCMonth() - from.getUTCMonth()) -
    (shortOfMonth ? 1 : 0);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return [[months, 'mo']];
  return rest === 0
    ? [[years, 'y']]
    : [
        [years, 'y'],
        [rest, 'mo'],
      ];
}

/** "03:12:09" in UTC, for "confirmed at" lines. */
export function clockTime(date: Date): string {
  return date.toISOString().slice(11, 19);
}

const longDates = perLocale(longDateFormats);

function longDateFormats(locale: Locale) {
  const tag = INTL_TAG[locale];
  return {
    day: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    time: new Intl.DateTimeFormat(tag, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }),
  };
}

/** A timestamp as people write it, in UTC: "25 Januari 2024 14.43" (id), "January 25, 2024 14:43" (en). */
export function longDate(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const date = toDate(value);
  if (!date) return display(value);
  const formats = longDates(locale);
  return `${formats.day.format(date)} ${formats.time.format(date)}`;
}

/** "2024-01-25 14:37 UTC", for audit timelines. */
export function dateTime(value: unknown): string {
  const date = toDate(value);
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : display(value);
}

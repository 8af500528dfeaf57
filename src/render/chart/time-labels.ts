// Axis labels must show real times in a form that fits the period: clock times for an hour or
// a day, dates for a week or more, in the reader's language. Always UTC, so every reader and every
// test sees the same.
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from '../../i18n/locale.js';

/** The RRD periods of endpoint 5. */
export type Periode = 'hour' | 'day' | 'week' | 'month' | 'year';

// Short month and weekday names per locale, from Intl (UTC dates of a known month / weekday).
const names = (tag: string, part: Intl.DateTimeFormatOptions, dates: number[]): string[] =>
  dates.map((ms) => new Intl.DateTimeFormat(tag, { ...part, timeZone: 'UTC' }).format(ms));
const MONTHS: Record<Locale, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  id: names(
    INTL_TAG.id,
    { month: 'short' },
    [...Array(12).keys()].map((m) => Date.UTC(2024, m, 15)),
  ),
};
const DAYS: Record<Locale, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  // 7 January 2024 was a Sunday.
  id: names(
    INTL_TAG.id,
    { weekday: 'short' },
    [...Array(7).keys()].map((d) => Date.UTC(2024, 0, 7 + d)),
  ),
};
/** Indonesian writes clock times with a dot: 14.43. */
const CLOCK_SEPARATOR: Record<Locale, string> = { en: ':', id: '.' };

const pad = (n: number): string => String(n).padStart(2, '0');
const clockOf = (d: Date, locale: Locale): string =>
  `${pad(d.getUTCHours())}${CLOCK_SEPARATOR[locale]}${pad(d.getUTCMinutes())}`;

/** Formats an epoch-ms tick for the x axis of a chart of the given period (UTC). */
export function formatTimeLabel(ms: number, periode: Periode, locale: Locale = DEFAULT_LOCALE): string {
  const d = new Date(ms);
  const hhmm = clockOf(d, locale);
  const dayMonth = `${d.getUTCDate()} ${MONTHS[locale][d.getUTCMonth()]}`;
  switch (periode) {
    case 'hour':
    case 'day':
      return hhmm;
    case 'week':
      return `${DAYS[locale][d.getUTCDay()]} ${dayMonth}`;
    case 'month':
      return dayMonth;
    case 'year':
      return `${MONTHS[locale][d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  }
}

/** Formats the covered time range for the chart subtitle, e.g. "25 Jan 2024 13:37 – 14:37 UTC". */
export function formatRange(startMs: number, endMs: number, locale: Locale = DEFAULT_LOCALE): string {
  const s = new Date(startMs);
  const e = new Date(endMs);
  const date = (d: Date): string =>
    `${d.getUTCDate()} ${MONTHS[locale][d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  const clock = (d: Date): string => clockOf(d, locale);
  if (date(s) === date(e)) return `${date(s)} ${clock(s)} – ${clock(e)} UTC`;
  return `${date(s)} ${clock(s)} – ${date(e)} ${clock(e)} UTC`;
}

/** Parses a periode string (case-insensitive); unknown values fall back to 'day'. */
export function toPeriode(value: string): Periode {
  const v = value.trim().toLowerCase();
  return v === 'hour' || v === 'day' || v === 'week' || v === 'month' || v === 'year' ? v : 'day';
}

// API timestamps for chat: "3 h ago (25 January 2024 14:37)" — relative for the on-call, raw so
// nothing is lost — plus ages for staleness flags and short clock times for timelines.
import { t, type Locale } from '../../src/core/index.js';
import { readsApiWords } from '../../src/render/format.js';
import { longDate, relativeTime, toDate } from '../../src/render/time-format.js';
import { DASH, show } from './format.js';

/**
 * "3 h ago (25 January 2024 14:37)" with the API's own text in English, "3 hari lalu (25 Januari
 * 2024 14.37)" in Indonesian; the raw text alone when unparseable; "—" when absent.
 */
export function when(raw: unknown, now: Date, locale: Locale = 'en'): string {
  const text = show(raw);
  if (text === DASH) return DASH;
  if (!toDate(raw)) return text;
  const date = readsApiWords(locale) ? text : longDate(raw, locale);
  return t(locale, 'instance.when', { relative: relativeTime(raw, now, locale), date });
}

/** Age in ms of a timestamp, or null when it cannot be read. */
export function ageMs(raw: unknown, now: Date): number | null {
  const date = toDate(raw);
  return date ? now.getTime() - date.getTime() : null;
}

/** A short UTC time for timelines: "03:12:09" today, "2026-11-20 22:41" on earlier days. */
export function clock(date: Date, now: Date): string {
  const iso = date.toISOString();
  const sameDay = iso.slice(0, 10) === now.toISOString().slice(0, 10);
  return sameDay ? iso.slice(11, 19) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A calendar date with its distance: "2026-12-01 (in 9 d)"; raw text when unparseable. */
export function day(raw: unknown, now: Date): string {
  const date = toDate(raw);
  if (!date) return show(raw);
  return `${date.toISOString().slice(0, 10)} (${relativeTime(date, now)})`;
}

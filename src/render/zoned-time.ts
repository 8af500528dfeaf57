// Times in the reader's own zone, for timelines: "14:02" (en) / "14.02" (id) on the day it is now
// there, "2026-11-27 22:41" / "2026-11-27 22.41" before; the date part is always ISO.
import { INTL_TAG, type Locale } from '../i18n/locale.js';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string, locale: Locale, part: 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${zone}\u0000${locale}\u0000${part}`;
  let found = formats.get(key);
  if (!found) {
    found =
      part === 'day'
        ? new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          })
        : new Intl.DateTimeFormat(INTL_TAG[locale], {
            timeZone: zone,
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          });
    formats.set(key, found);
  }
  return found;
}

/** The calendar day of `ms` in `zone`: "2026-11-27". */
export function zonedDay(ms: number, zone: string): string {
  return formatIn(zone, 'en', 'day').format(ms);
}

/** `ms` as a timeline shows it in `zone`: the time alone on `now`'s day there, else with its date. */
export function zonedClock(ms: number, zone: string, now: number, locale: Locale): string {
  const time = formatIn(zone, locale, 'time').format(ms);
  const day = zonedDay(ms, zone);
  return day === zonedDay(now, zone) ? time : `${day} ${time}`;
}

/** `ms` with its date, always: "2026-11-27 22:41" (exports, which are read later). */
export function zonedDateTime(ms: number, zone: string, locale: Locale): string {
  return `${zonedDay(ms, zone)} ${formatIn(zone, locale, 'time').format(ms)}`;
}

// Value formats the simulated service uses on the wire: human dates, RRD timestamps, byte sizes.
// All dates are rendered in UTC so output is the same on every machine.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (n: number): string => String(n).padStart(2, '0');

/** "25 January 2024 14:37" — the service's human date shape (day, month name, year, HH:MM). */
export function humanDate(date: Date): string {
  return `${date.getUTCDate()} ${monthName(date)} ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** "25 January 2024, 14:43" — the comma variant the instance list (E3) writes. */
export function humanDateWithComma(date: Date): string {
  return `${date.getUTCDate()} ${monthName(date)} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** "26/08/2024" — day/month/year, as the balance summary (E4) writes top-up dates. */
export function dayMonthYear(date: Date): string {
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** Same as humanDate, but null stays null. */
export function humanDateOrNull(date: Date | null): string | null {
  return date ? humanDate(date) : null;
}

/** "January" for a date, used by billing periods ("January 2024"). */
export function monthName(date: Date): string {
  return MONTHS[date.getUTCMonth()] as string;
}

/** "2026-11-21 03:12:00" (UTC) — the RRD sample time format. */
export function rrdTime(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** "1.25 GB" from bytes (binary multiples, decimal-looking units, as hosting panels show them). */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? Math.round(value) : value.toFixed(2)} ${units[unit]}`;
}

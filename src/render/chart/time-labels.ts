// Axis labels must show real times in a form that fits the period: clock times for an hour or
// a day, dates for a week or more. Always UTC, so every reader and every test sees the same.

/** The RRD periods of endpoint 5. */
export type Periode = 'hour' | 'day' | 'week' | 'month' | 'year';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (n: number): string => String(n).padStart(2, '0');

/** Formats an epoch-ms tick for the x axis of a chart of the given period (UTC). */
export function formatTimeLabel(ms: number, periode: Periode): string {
  const d = new Date(ms);
  const hhmm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const dayMonth = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  switch (periode) {
    case 'hour':
    case 'day':
      return hhmm;
    case 'week':
      return `${DAYS[d.getUTCDay()]} ${dayMonth}`;
    case 'month':
      return dayMonth;
    case 'year':
      return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  }
}

/** Formats the covered time range for the chart subtitle, e.g. "25 Jan 2024 13:37 – 14:37 UTC". */
export function formatRange(startMs: number, endMs: number): string {
  const s = new Date(startMs);
  const e = new Date(endMs);
  const date = (d: Date): string => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  const clock = (d: Date): string => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (date(s) === date(e)) return `${date(s)} ${clock(s)} – ${clock(e)} UTC`;
  return `${date(s)} ${clock(s)} – ${date(e)} ${clock(e)} UTC`;
}

/** Parses a periode string (case-insensitive); unknown values fall back to 'day'. */
export function toPeriode(value: string): Periode {
  const v = value.trim().toLowerCase();
  return v === 'hour' || v === 'day' || v === 'week' || v === 'month' || v === 'year' ? v : 'day';
}

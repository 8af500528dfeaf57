// The hosting API writes dates several ways ("25 January 2024 14:37", "25 January 2024, 14:43",
// ISO 8601, "2024-01-25 14:37:00", epoch seconds, "January 2024", day/month/year "26/08/2024");
// callers keep the raw string for display and use this to compute.

/** Month names as the API writes them (lower-cased). */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "25 January 2024 14:37" (time optional) and "January 2024" — read as UTC (the spec names no zone). */
const HUMAN = /^(?:(\d{1,2})\s+)?([a-z]+)\s+(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/i;
/** "2024-01-25 14:37:00" without a zone — read as UTC; with T/Z/offset it is ISO 8601. */
const SQL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const EPOCH_SECONDS = /^\d{9,11}$/;
/** "26/08/2024" (time optional) — day first, as E4's top-up dates are written; read as UTC. */
const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Turns any date shape the API is known to send into a Date; null when it cannot (show raw text then). */
export function parseApiDate(raw: unknown): Date | null {
  if (typeof raw === 'number') return fromEpochSeconds(raw);
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (EPOCH_SECONDS.test(text)) return fromEpochSeconds(Number(text));
  const sql = SQL_DATETIME.exec(text);
  if (sql) {
    const [, y, mo, d, h, mi, s] = sql;
    return valid(
      Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)),
      Number(d),
    );
  }
  if (ISO.test(text)) return valid(Date.parse(text));
  const dmy = DAY_MONTH_YEAR.exec(text);
  if (dmy) {
    const [, d, mo, y, h, mi, s] = dmy;
    if (Number(mo) < 1 || Number(mo) > 12) return null;
    return valid(
      Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)),
      Number(d),
    );
  }
  const human = HUMAN.exec(text);
  if (human) {
    const [, d, monthName, y, h, mi, s] = human;
    const month = MONTHS.findIndex(
      (m) => m === monthName?.toLowerCase() || m.slice(0, 3) === monthName?.toLowerCase(),
    );
    if (month < 0) return null;
    const day = d === undefined ? 1 : Number(d);
    return valid(Date.UTC(Number(y), month, day, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)), day);
  }
  return null;
}

function fromEpochSeconds(seconds: number): Date | null {
  return Number.isFinite(seconds) ? valid(seconds * 1000) : null;
}

/** Rejects NaN and rolled-over days such as "31 February". */
function valid(ms: number, expectedDay?: number): Date | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  if (expectedDay !== undefined && date.getUTCDate() !== expectedDay) return null;
  return date;
}

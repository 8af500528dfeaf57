// The hosting API does not document the format of RRD sample times, so chart code accepts
// every shape seen in the wild and turns it into epoch milliseconds (naive times read as UTC).

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Epoch values below this are seconds, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_LIMIT = 1e11;

function monthIndex(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index >= 0 ? index : null;
}

function clockMs(
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
  ampm?: string,
): number | null {
  let h = Number(hour ?? 0);
  const m = Number(minute ?? 0);
  const s = Number(second ?? 0);
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (h > 23 || m > 59 || s > 60) return null;
  return ((h * 60 + m) * 60 + s) * 1000;
}

function utc(year: number, month: number | null, day: number, clock: number | null): number | null {
  if (month === null || month < 0 || month > 11 || clock === null || day < 1 || day > 31) return null;
  const date = Date.UTC(year, month, day);
  // Reject 31 February and friends, which Date.UTC silently rolls over.
  if (new Date(date).getUTCDate() !== day) return null;
  return date + clock;
}

const CLOCK = String.raw`(?:[ ,T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]m)?)?`;
const NUMERIC = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const DAY_MONTH = new RegExp(String.raw`^(\d{1,2})[ -]([A-Za-z]{3,9})\.?[ -,]+(\d{4})${CLOCK}$`, 'i');
const MONTH_DAY = new RegExp(
  String.raw`^([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})${CLOCK}$`,
  'i',
);
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Parses an RRD sample time: epoch seconds or ms (number or digit string), ISO 8601,
 * "YYYY-MM-DD HH:MM[:SS]", "25 January 2024 14:37", "January 25, 2024 2:37 pm".
 * Returns epoch ms, or null when the value is not a recognisable point in time.
 */
export function parseSampleTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? epoch(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return epoch(Number(text));
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) && HAS_ZONE.test(text)) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : parsed;
  }
  let m = NUMERIC.exec(text);
  if (m) return utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), clockMs(m[4], m[5], m[6]));
  m = DAY_MONTH.exec(text);
  if (m) return utc(Number(m[3]), monthIndex(m[2] ?? ''), Number(m[1]), clockMs(m[4], m[5], m[6], m[7]));
  m = MONTH_DAY.exec(text);
  if (m) return utc(Number(m[3]), monthIndex(m[1] ?? ''), Number(m[2]), clockMs(m[4], m[5], m[6], m[7]));
  return null;
}

function epoch(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  return value < SECONDS_LIMIT ? Math.round(value * 1000) : Math.round(value);
}

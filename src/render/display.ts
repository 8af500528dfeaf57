// How a missing or odd value shows (never "undefined", "null" or "NaN") and numbers read from API
// fields that arrive as numbers or strings: the base of format.ts and time-format.ts.

/** Shown for a missing value. */
export const EMPTY = '—';

/** Shows null / undefined / "" / NaN as "—", everything else as text. */
export function display(value: unknown): string {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'number' && !Number.isFinite(value)) return EMPTY;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? EMPTY : value.toISOString();
  const text = typeof value === 'string' ? value : String(value);
  return text.trim() === '' ? EMPTY : text;
}

/** Number from a number or numeric string (API fields arrive as either); null when not numeric. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim().replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

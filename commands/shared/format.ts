// Display helpers for commands beside the shared humanisers of src/render (format.ts, time-format.ts,
// display.ts): the few command-specific ones (storage sizes in GB, plural nouns, flag names) built on them.
import { size } from '../../src/render/format.js';
import { display, EMPTY, toNumber } from '../../src/render/display.js';

/** What an absent value looks like in every message. */
export const DASH = EMPTY;

/** Any API value as display text: "—" for null / undefined / "" / NaN, yes/no for booleans. */
export function show(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) return DASH;
  return display(value);
}

/** The value as text, or null when it would show as "—" (for optional lookups). */
export function present(value: unknown): string | null {
  const text = show(value);
  return text === DASH ? null : text;
}

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A plain number with thousands separators, e.g. "1,234.5". */
export function count(value: unknown): string {
  const n = toNumber(value);
  return n === null ? DASH : amountFormat.format(n);
}

/** A storage size: "80 GB" / "2048 MB" normalised; a bare number is read as GB (the service's unit). */
export function storageSize(value: unknown): string {
  return value === null || value === undefined ? DASH : size(value, 'GB');
}

/** A memory size: "4 GB" / "2048 MB" normalised; a bare number is read as MB (the service's unit). */
export function memorySize(value: unknown): string {
  return value === null || value === undefined ? DASH : size(value, 'MB');
}

/** A noun with its count, e.g. "1 backup", "23 backups". */
export function plural(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}

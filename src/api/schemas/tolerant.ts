// Tolerant zod building blocks for hosting-API payloads. The real service varies: numbers arrive
// as strings and back, booleans as "true"/1, vague fields as null or missing, extra fields appear.
// Rule of thumb used by every schema:
//   - identifiers a caller cannot do without are required (missing → UPSTREAM_INVALID);
//   - every other scalar is `maybe(...)`: null, missing or unusable becomes null (shown as "—");
//   - lists are `listOf(...)`: null/missing becomes [], but a non-list is a broken response;
//   - objects are `.loose()`, so fields we do not model are kept.
import { z } from 'zod';

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function toText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

const TRUE = new Set<unknown>([true, 'true', 'TRUE', 'True', 1, '1']);
const FALSE = new Set<unknown>([false, 'false', 'FALSE', 'False', 0, '0']);

function toBoolean(value: unknown): unknown {
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return value;
}

/** A number, also accepted as a numeric string ("1250"). */
export const num = z.preprocess(toNumber, z.number());
/** An integer, also accepted as a numeric string. */
export const int = z.preprocess(toNumber, z.number().int());
/** A string, also accepted as a number or boolean (cpu arrives as 2 or "2"). */
export const text = z.preprocess(toText, z.string());
/** A boolean, also accepted as "true"/"false"/1/0. */
export const flag = z.preprocess(toBoolean, z.boolean());
/** A required identifier: non-empty text (numbers accepted). */
export const idText = z.preprocess(toText, z.string().trim().min(1));

/** A vague field: null, missing or unusable values become null so callers can show "—". */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullable().catch(null);
}

/** A list that may be null or missing (→ []), but must be a list when present. */
export function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((items) => items ?? []);
}

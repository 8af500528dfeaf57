// Input checks shared by handlers: path ids, integer queries, booleans and required form fields.
import { SimError } from './http-io.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^-?\d+$/;

/** True for a canonical 8-4-4-4-12 hex uuid. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A required query parameter or form field parsed as an integer; 422 when missing or not an integer.
 * `label` is the field name shown in the message.
 */
export function requireInteger(
  value: string | null | undefined,
  label: string,
  min = Number.MIN_SAFE_INTEGER,
): number {
  if (value === null || value === undefined || value === '')
    throw new SimError(422, `The ${label} field is required.`);
  return parseInteger(value, label, min);
}

/** An optional integer; undefined when absent, 422 when present but not an integer ≥ min. */
export function optionalInteger(
  value: string | null | undefined,
  label: string,
  min = Number.MIN_SAFE_INTEGER,
): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return parseInteger(value, label, min);
}

function parseInteger(value: string, label: string, min: number): number {
  const n = Number(value);
  if (!INTEGER.test(value.trim()) || !Number.isSafeInteger(n))
    throw new SimError(422, `The ${label} must be an integer.`);
  if (n < min) throw new SimError(422, `The ${label} must be at least ${min}.`);
  return n;
}

/** A required non-empty form field; 422 when missing. */
export function requireField(fields: Record<string, string>, name: string): string {
  const value = fields[name]?.trim();
  if (!value) throw new SimError(422, `The ${name} field is required.`);
  return value;
}

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no', '']);

/** An optional boolean form field (true/false/1/0/on/off/yes/no); absent → false, anything else → 422. */
export function optionalBoolean(fields: Record<string, string>, name: string): boolean {
  const value = fields[name];
  if (value === undefined) return false;
  const normalised = value.trim().toLowerCase();
  if (TRUE.has(normalised)) return true;
  if (FALSE.has(normalised)) return false;
  throw new SimError(422, `The ${name} field must be true or false.`);
}

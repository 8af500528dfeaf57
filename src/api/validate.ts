// Input checks that run before any URL is built: a bad id never reaches the hosting API
// (and never lets a caller smuggle "../" or a query string into a path). The English detail is
// the log's (ApiError's message, chatText); a user reads the structured refusal, which the core
// says in their language — a blank `--search " "` or IPSet name gets past the parser to here.
import { z } from 'zod';
import { ApiError, type InputRule } from './errors.js';
import type { EndpointName } from './endpoints.js';

/** Rejects input locally, without a request: INVALID_INPUT with no HTTP status. */
export function invalidInput(endpoint: EndpointName, detail: string): ApiError {
  return new ApiError('INVALID_INPUT', endpoint, { apiMessage: detail });
}

/** A refusal by one of the rules below: the log's detail, and the key and values a user reads. */
function refused(endpoint: EndpointName, rule: InputRule, name: string, detail: string): ApiError {
  return new ApiError('INVALID_INPUT', endpoint, {
    apiMessage: detail,
    inputRefusal: { key: `api.input.${rule}`, values: { name } },
  });
}

/** A uuid path or form value, as the spec's "format uuid". */
export function requireUuid(endpoint: EndpointName, name: string, value: unknown): string {
  if (typeof value !== 'string' || !z.regexes.guid.test(value))
    throw refused(endpoint, 'uuid', name, `${name} must be a UUID`);
  return value;
}

/** A positive integer id or count (location_id, vm_id, vswitch_id, limit, page). */
export function requirePositiveInt(endpoint: EndpointName, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw refused(endpoint, 'positiveInt', name, `${name} must be a positive integer`);
  }
  return value;
}

/** A non-negative integer (amount). */
export function requireNonNegativeInt(endpoint: EndpointName, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw refused(endpoint, 'nonNegativeInt', name, `${name} must be a non-negative integer`);
  }
  return value;
}

/** A required, non-blank text field. */
export function requireText(endpoint: EndpointName, name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw refused(endpoint, 'notEmpty', name, `${name} must not be empty`);
  return value;
}

/** Fills a path template, validating each parameter: `*_uuid` must be a uuid, `*_id` a positive integer. */
export function buildPath(endpoint: EndpointName, template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (name.endsWith('_uuid')) return requireUuid(endpoint, name, value);
    if (name.endsWith('_id')) return String(requirePositiveInt(endpoint, name, value));
    throw invalidInput(endpoint, `unsupported path parameter ${name}`);
  });
}

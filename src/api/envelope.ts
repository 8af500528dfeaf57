// Unwraps the `{ message, data }` envelope of a successful response and validates `data` with the
// endpoint's schema. Anything unusable becomes UPSTREAM_INVALID naming the endpoint — never a throw.
import type { z } from 'zod';
import { ApiError } from './errors.js';
import type { EndpointName } from './endpoints.js';

/** The validated data, or the UPSTREAM_INVALID error explaining why there is none. */
export type Decoded<T> = { data: T } | { error: ApiError };

/** Parses a 2xx body; the cause of a failure names only paths and issue codes, never values. */
export function decodeEnvelope<T>(
  endpoint: EndpointName,
  body: string,
  schema: z.ZodType<T>,
  status: number,
): Decoded<T> {
  const invalid = (why: string): Decoded<T> => ({
    error: new ApiError('UPSTREAM_INVALID', endpoint, { status, cause: new Error(why) }),
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return invalid('body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return invalid('body is not an object');
  if (!('data' in parsed) || parsed.data === null || parsed.data === undefined)
    return invalid('envelope has no data');
  const result = schema.safeParse(parsed.data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(data)'}: ${issue.code}`)
      .join('; ');
    return invalid(`data does not match the schema: ${issues}`);
  }
  return { data: result.data };
}

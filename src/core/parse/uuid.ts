// Every id the hosting API hands out is an 8-4-4-4-12 hex uuid of any version (seed ids are not
// RFC 4122). One check for that shape, zod's guid pattern, serves the core, commands and adapters.
import { z } from 'zod';

/** Whether text is shaped like a hosting-API id (case-insensitive). */
export function isUuid(text: string): boolean {
  return z.regexes.guid.test(text);
}

/** The same check as a zod schema for declared arguments and policy files, with their message. */
export function uuidSchema(message: string): z.ZodString {
  return z.string().regex(z.regexes.guid, { message });
}

// API-key check for every request: constant-time compare, never echoes the key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh key in the simulator's format, "sim_<24 hex>". */
export function randomApiKey(): string {
  return `sim_${randomBytes(12).toString('hex')}`;
}

/** True when the x-apikey header equals the expected key (compared by digest, in constant time). */
export function isAuthorised(header: string | string[] | undefined, expected: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(expected));
}

// How a Redis URL may be shown (banner, log line): never with its password.
const REDACTED = '[redacted]';

/** The Redis URL with any password replaced, fit for a banner or a log line. */
export function redactedRedisUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const url = new URL(raw);
  if (url.password) url.password = REDACTED;
  if (url.username && url.password === '') url.username = REDACTED;
  return url.toString();
}

// Discord REST errors carry the request URL, and interaction/webhook URLs contain tokens. Only
// the parts that are safe (status, code, method, message with tokens blanked) ever reach logs.
import { DiscordAPIError, HTTPError } from 'discord.js';

const TOKEN_IN_PATH = /\/(webhooks|interactions)\/(\d+)\/[^/\s?]+/g;

/** Blanks interaction / webhook tokens inside a URL or message. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_IN_PATH, '/$1/$2/[redacted]');
}

/** A log-safe description of any error thrown while talking to Discord. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof DiscordAPIError) {
    return {
      type: 'DiscordAPIError',
      status: error.status,
      code: error.code,
      method: error.method,
      message: redactTokens(error.message),
    };
  }
  if (error instanceof HTTPError) {
    return {
      type: 'HTTPError',
      status: error.status,
      method: error.method,
      message: redactTokens(error.message),
    };
  }
  if (error instanceof Error) return { type: error.name, message: redactTokens(error.message) };
  return { type: typeof error };
}

/**
 * Why Discord refused a channel post, as the watch module's delivery codes: 403 (Missing Access
 * 50001, Missing Permissions 50013) is missing_access, 404 (Unknown Channel 10003) channel_not_found,
 * 30046 (too many edits of a message older than an hour) edit_limit.
 */
export function channelRefusal(error: unknown): string {
  if (!(error instanceof DiscordAPIError)) return 'other';
  if (error.status === 403) return 'missing_access';
  if (error.status === 404) return 'channel_not_found';
  if (error.status === 429) return 'rate_limited';
  // Edits of messages older than an hour are limited (about 3 per 6 s): the live card is re-posted.
  if (error.code === 30046) return 'edit_limit';
  return 'other';
}

/** Whether Discord refused an interaction token (expired, unknown webhook or interaction). */
export function isTokenRefused(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    (error.status === 401 || error.status === 404 || error.code === 50027 || error.code === 10015)
  );
}

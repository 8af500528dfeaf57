// Each Slack user's language, from `users.info` with `include_locale`: cached per user, looked up
// after the ack and never waited on past a short budget — a slow or failed lookup answers in the
// default language (and is remembered briefly, so an outage costs each user one wait at most).
// The same answer's `tz` (IANA) is kept beside it: `schedule at 02:00` reads times in it.
import { ExpiringMap } from '../../src/adapter-kit/expiring-map.js';
import { withDeadline } from '../../src/core/index.js';
import type { Logger } from '../../src/logger.js';

/** What the adapter asks Slack: the user's locale tag ("id-ID", "en-US") — with their time zone when known — or undefined. */
export type LocaleLookup = (
  userId: string,
) => Promise<string | { locale?: string | undefined; tz?: string | undefined } | undefined>;

/** Per-user locale tags; `of` never throws and never waits longer than its budget. */
export interface UserLocales {
  of(userId: string): Promise<string | undefined>;
  /** The user's IANA time zone as the last answer of `of` gave it (undefined when not known yet). */
  zoneOf(userId: string): string | undefined;
}

export interface UserLocaleOptions {
  lookup: LocaleLookup;
  /** How long a known locale is kept (a user changes theirs rarely). */
  ttlMs?: number;
  /** How long a failed or slow lookup is remembered as "default". */
  failureTtlMs?: number;
  /** The longest a reply waits for a lookup. */
  budgetMs?: number;
  now?: () => number;
  logger?: Logger;
}

const NONE = '';

/** The cache in front of `users.info`. */
export function createUserLocales(options: UserLocaleOptions): UserLocales {
  const now = options.now ?? Date.now;
  const cache = new ExpiringMap<string>(now, 10_000);
  const zones = new ExpiringMap<string>(now, 10_000);
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const failureTtlMs = options.failureTtlMs ?? 5 * 60_000;
  const budgetMs = options.budgetMs ?? 800;
  return {
    async of(userId) {
      const known = cache.get(userId);
      if (known !== undefined) return known === NONE ? undefined : known;
      const asked = options.lookup(userId).then(
        (answer) => {
          const { locale, tz } = typeof answer === 'object' ? answer : { locale: answer, tz: undefined };
          if (tz) zones.set(userId, tz, ttlMs);
          cache.set(userId, locale ?? NONE, locale ? ttlMs : failureTtlMs);
          return locale;
        },
        (error: unknown) => {
          options.logger?.warn({ err: error }, 'slack users.info failed; answering in the default language');
          cache.set(userId, NONE, failureTtlMs);
          return undefined;
        },
      );
      return withDeadline(asked, budgetMs, () => {
        // A late answer still fills the cache (above) for the next request.
        if (cache.get(userId) === undefined) cache.set(userId, NONE, Math.min(failureTtlMs, budgetMs * 10));
        return undefined;
      });
    },
    zoneOf: (userId) => zones.get(userId),
  };
}

/** The lookup through Bolt's Web API client. */
export function usersInfoLookup(client: {
  users: {
    info(args: {
      user: string;
      include_locale: boolean;
    }): Promise<{ user?: { locale?: string; tz?: string } }>;
  };
}): LocaleLookup {
  return async (userId) => {
    const { user } = await client.users.info({ user: userId, include_locale: true });
    return { locale: user?.locale, tz: user?.tz };
  };
}

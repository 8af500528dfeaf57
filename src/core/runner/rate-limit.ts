// Commands per minute, per person and per tenant, counted in the store (Redis INCR + PEXPIRE, or
// the embedded store's counter) so every replica shares one count. Fixed one-minute windows on the
// bot's clock; a store that cannot count lets the command through (logged): limits never silence.
import type { Actor } from '../ports.js';
import type { EphemeralState } from '../ephemeral-state.js';
import { bestEffort, type BestEffortReport } from '../store-best-effort.js';
import { UserError } from '../errors.js';
import { t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';
import type { RateLimits } from '../settings.js';

const WINDOW_MS = 60_000;

/** Who is counted: the person, and the tenant (the one team in single-tenant mode). */
export interface RateSubject {
  actor: Pick<Actor, 'platform' | 'userId'>;
  tenant: string | undefined;
}

/** Counts one command; a "slow down, retry in N s" refusal when a limit is passed, else null. */
export async function rateLimitRefusal(
  counters: EphemeralState,
  limits: RateLimits,
  subject: RateSubject,
  at: number,
  locale: Locale,
  report?: BestEffortReport,
  /** What is counted: commands, or autocomplete requests (their own counters). */
  counted: 'command' | 'completion' = 'command',
): Promise<UserError | null> {
  const window = Math.floor(at / WINDOW_MS);
  const seconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - at) / 1000));
  const tenant = subject.tenant ?? '-';
  const rate = counted === 'command' ? 'rate' : 'rate-complete';
  // Keys outlive their window a little, so a clock a few seconds apart still finds the count.
  const count = (key: string) =>
    bestEffort('rate limit count', () => counters.increment(`${key}:${window}`, WINDOW_MS * 2), 0, report);
  const checks = [
    {
      limit: limits.userPerMinute,
      key: `${rate}:u:${tenant}:${subject.actor.platform}:${subject.actor.userId}`,
      message: 'rate.user' as const,
    },
    { limit: limits.tenantPerMinute, key: `${rate}:t:${tenant}`, message: 'rate.tenant' as const },
  ];
  for (const { limit, key, message } of checks) {
    if (limit > 0 && (await count(key)) > limit)
      return new UserError('rate-limited', t(locale, message, { limit, seconds }), t(locale, 'rate.hint'));
  }
  return null;
}

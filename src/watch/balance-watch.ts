// The balance watch (`watch billing`): one per channel, polled like a server's watch, but what it
// reads is the prepaid balance summary (optional endpoint E4). It is low when the balance is under
// the amount given or the runway (see core billing/runway.ts) under the days given.
import type { HostingApi } from '../api/index.js';
import {
  BALANCE_CURRENCY,
  DEFAULT_LOCALE,
  runwayOf,
  t,
  type BalanceLimits,
  type Locale,
} from '../core/index.js';
import { lowerBalance } from '../core/kit/index.js';
import { decimal, money } from '../render/format.js';

/**
 * Whether the balance is low, and what it looks like now in the channel's language ("Balance IDR
 * 40,000 · under IDR 50,000 · runway 3.5 days (under 7)").
 */
export async function observeBalance(
  api: Pick<HostingApi, 'billing'>,
  limits: BalanceLimits,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ low: boolean; detail: string }> {
  const summary = await api.billing.summary();
  const balance = lowerBalance(summary);
  const runway = runwayOf(summary, now, locale);
  const underAmount = balance !== null && limits.belowAmount !== undefined && balance < limits.belowAmount;
  const shortRunway = runway.days !== null && runway.days < limits.runwayDays;
  const parts = [t(locale, 'alertDetail.balance', { amount: money(balance, BALANCE_CURRENCY, locale) })];
  if (underAmount)
    parts.push(
      t(locale, 'alertDetail.balanceUnder', { amount: money(limits.belowAmount, BALANCE_CURRENCY, locale) }),
    );
  if (runway.days !== null) {
    const days = decimal(runway.days, 1, locale);
    parts.push(
      shortRunway
        ? t(locale, 'alertDetail.runwayUnder', { days, limit: limits.runwayDays })
        : t(locale, 'alertDetail.runway', { days }),
    );
  }
  return { low: underAmount || shortRunway, detail: parts.join(' · ') };
}

// The balance watch (`watch billing`): one per channel, polled like a server's watch, but what it
// reads is the prepaid balance summary (optional endpoint E4). It is low when the balance is under
// the amount given or the runway (see core billing/runway.ts) under the days given.
import type { HostingApi } from '../api/index.js';
import { BALANCE_CURRENCY, lowerBalance, runwayOf, type BalanceLimits } from '../core/index.js';
import { money } from '../render/format.js';

/** Whether the balance is low, and what it looks like now ("Balance IDR 40,000 (under IDR 50,000)"). */
export async function observeBalance(
  api: Pick<HostingApi, 'billing'>,
  limits: BalanceLimits,
  now: Date,
): Promise<{ low: boolean; detail: string }> {
  const summary = await api.billing.summary();
  const balance = lowerBalance(summary);
  const runway = runwayOf(summary, now);
  const underAmount = balance !== null && limits.belowAmount !== undefined && balance < limits.belowAmount;
  const shortRunway = runway.days !== null && runway.days < limits.runwayDays;
  const parts = [`Balance ${money(balance, BALANCE_CURRENCY)}`];
  if (underAmount) parts.push(`under ${money(limits.belowAmount, BALANCE_CURRENCY)}`);
  if (runway.days !== null)
    parts.push(`runway ${runway.days.toFixed(1)} days${shortRunway ? ` (under ${limits.runwayDays})` : ''}`);
  return { low: underAmount || shortRunway, detail: parts.join(' · ') };
}

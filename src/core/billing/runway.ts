// How long the prepaid balance (optional endpoint E4, spec part 10) lasts at this month's burn
// rate: one computation for `billing balance` and the balance watch, so both say the same thing.
import type { BillingSummary } from '../../api/index.js';
import { decimal, money } from '../../render/format.js';
import { t } from '../../i18n/translate.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';

/** Spec part 10: E4's money is in rupiah, whatever currency the bot is configured to show elsewhere. */
export const BALANCE_CURRENCY = 'IDR';
const DAY_MS = 86_400_000;

/** How the runway is computed, in words. */
export const RUNWAY_HOW =
  'Runway = balance ÷ (this month’s cost so far ÷ days elapsed this month), with the lower of the ' +
  'current and actual balance (the API does not say how they differ).';

/** Days the balance lasts at this month's burn, and the sum behind it; null when it cannot be told. */
export interface Runway {
  days: number | null;
  /** The computation with its numbers, or why there is none. */
  how: string;
}

/** The lower of the current and actual balance (the one that runs out first); null when neither is given. */
export function lowerBalance(summary: BillingSummary): number | null {
  const balances = [summary.current_balance, summary.actual_balance].filter((b): b is number => b !== null);
  return balances.length === 0 ? null : Math.min(...balances);
}

/** The runway at this month's average daily cost (UTC month). */
export function runwayOf(summary: BillingSummary, now: Date, locale: Locale = DEFAULT_LOCALE): Runway {
  const rupiah = (n: number): string => money(n, BALANCE_CURRENCY, locale);
  const balance = lowerBalance(summary);
  if (balance === null) return { days: null, how: t(locale, 'runway.noBalance') };
  if (balance <= 0) return { days: 0, how: t(locale, 'runway.empty', { balance: rupiah(balance) }) };
  const elapsedDays = (now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / DAY_MS;
  const cost = summary.current_cost;
  if (cost === null || cost <= 0 || elapsedDays <= 0) return { days: null, how: t(locale, 'runway.noSpend') };
  const perDay = cost / elapsedDays;
  return {
    days: balance / perDay,
    how: t(locale, 'runway.sum', {
      balance: rupiah(balance),
      cost: rupiah(cost),
      days: decimal(elapsedDays, 1, locale),
      perDay: rupiah(Math.round(perDay)),
    }),
  };
}

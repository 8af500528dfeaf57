// Endpoints 21–22: payment methods with fees, and paginated billing report summaries; E4 (part 10):
// the prepaid balance summary.
import { dayMonthYear } from '../format.js';
import { paginate } from '../pagination.js';
import { PAYMENT_CATEGORIES, PAYMENT_METHODS, VAT_RATE, type PaymentMethodRule } from '../seed/billing.js';
import { optionalInteger } from '../validate.js';
import { monthlyEstimate } from '../records.js';
import { costThisMonth } from '../views.js';
import type { Handler } from './context.js';

/** Fee in IDR for a top-up amount: flat part plus percentage, rounded up to whole rupiah. */
export function paymentFee(rule: PaymentMethodRule, amount: number): number {
  return Math.ceil(rule.flatFee + (amount * rule.percentFee) / 100);
}

/**
 * 21: methods grouped by category. Without `amount` the fee is computed for an amount of 0,
 * so percentage-only methods show a fee of 0; vat is 11% of the fee.
 */
const paymentMethods: Handler = (ctx) => {
  const amount = optionalInteger(ctx.query.get('amount'), 'amount', 0) ?? 0;
  const data = Object.fromEntries(PAYMENT_CATEGORIES.map((c) => [c, [] as unknown[]]));
  for (const rule of PAYMENT_METHODS) {
    const fee = paymentFee(rule, amount);
    data[rule.category]?.push({
      name: rule.name,
      code: rule.code,
      image: `https://assets.sim.local/payments/${rule.code.toLowerCase()}.svg`,
      fee,
      vat: Math.round(fee * VAT_RATE),
    });
  }
  return { message: 'Success get payment methods', data };
};

/** 22: monthly reports, newest first, paginated; note the `billing periode` key with a space. */
const reportSummary: Handler = (ctx) => {
  const items = ctx.state.live.billingReports.map((r) => ({
    id: r.id,
    'billing periode': r.period,
    billing_date: r.billingDate.toISOString(),
    status: r.settled ? 'Settled' : 'Not Settled',
    fully_settle: r.settled,
    total: r.total,
    can_download: r.settled,
  }));
  return { message: 'Success get billing report summary', data: paginate(items, ctx.query) };
};

/**
 * E4: this month's summary, derived from the servers: `current_cost` is what they have cost since
 * the 1st, `estimated_monthly_total` their 730-hour estimates, `actual_balance` the balance less
 * this month's cost. Top-up dates are day/month/year, newest first.
 */
const balanceSummary: Handler = (ctx) => {
  const now = ctx.now();
  const instances = [...ctx.state.live.instances.values()];
  const currentCost = instances.reduce((sum, i) => sum + costThisMonth(i, now), 0);
  const { amount, topUps } = ctx.state.live.balance;
  return {
    message: 'This month summary',
    data: {
      current_balance: amount,
      last_topup: topUps.map((t) => ({ amount: t.amount, date: dayMonthYear(t.at) })),
      current_cost: currentCost,
      actual_balance: amount - currentCost,
      estimated_monthly_total: instances.reduce((sum, i) => sum + monthlyEstimate(i), 0),
    },
  };
};

/** Handlers of the billing group. */
export const billingHandlers = {
  'billing.paymentMethods': paymentMethods,
  'billing.reportSummary': reportSummary,
  'billing.summary': balanceSummary,
} satisfies Record<string, Handler>;

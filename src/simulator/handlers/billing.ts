// Endpoints 21–22: payment methods with fees, and paginated billing report summaries.
import { paginate } from '../pagination.js';
import { PAYMENT_CATEGORIES, PAYMENT_METHODS, VAT_RATE, type PaymentMethodRule } from '../seed/billing.js';
import { optionalInteger } from '../validate.js';
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

/** Handlers of the billing group. */
export const billingHandlers = {
  'billing.paymentMethods': paymentMethods,
  'billing.reportSummary': reportSummary,
} satisfies Record<string, Handler>;

// Billing endpoints (spec 4.6, endpoints 21–22) and the optional balance summary E4 (part 10).
import type { HostingApi } from './hosting-api.js';
import { billingReportItemSchema, billingSummarySchema, paymentMethodsSchema } from './schemas/billing.js';
import { pagedSchema } from './schemas/page.js';
import type { Transport } from './transport.js';
import { requireNonNegativeInt, requirePositiveInt } from './validate.js';

/** Builds `api.billing` on a transport. */
export function billingApi(call: Transport): HostingApi['billing'] {
  return {
    paymentMethods: async (opts = {}) => {
      const amount =
        opts.amount === undefined
          ? undefined
          : requireNonNegativeInt('billing.paymentMethods', 'amount', opts.amount);
      return call('billing.paymentMethods', { query: { amount } }, paymentMethodsSchema);
    },
    reportSummary: async (opts = {}) => {
      const limit =
        opts.limit === undefined
          ? undefined
          : requirePositiveInt('billing.reportSummary', 'limit', opts.limit);
      const page =
        opts.page === undefined ? undefined : requirePositiveInt('billing.reportSummary', 'page', opts.page);
      return call(
        'billing.reportSummary',
        { query: { limit, page } },
        pagedSchema(billingReportItemSchema, { limit, page }),
      );
    },
    summary: () => call('billing.summary', {}, billingSummarySchema),
  };
}

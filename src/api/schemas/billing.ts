// Schemas for billing: payment methods (spec 2.6, endpoint 21) and report summary items (2.7, endpoint 22).
import { z } from 'zod';
import { flag, int, listOf, maybe, num, text } from './tolerant.js';

/** One way to pay, with its fee and VAT (units not stated by the spec). */
export const paymentMethodSchema = z
  .object({ name: maybe(text), code: maybe(text), image: maybe(text), fee: maybe(num), vat: maybe(num) })
  .loose();

/** A payment method as the bot sees it. */
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

/** Payment methods grouped by category; a missing category is an empty list. */
export const paymentMethodsSchema = z
  .object({
    bank: listOf(paymentMethodSchema),
    card: listOf(paymentMethodSchema),
    ritel: listOf(paymentMethodSchema),
    ewallet: listOf(paymentMethodSchema),
    qris: listOf(paymentMethodSchema),
  })
  .loose();

/** Payment methods by category. */
export type PaymentMethods = z.output<typeof paymentMethodsSchema>;

/**
 * One billing report. The API spells the period key "billing periode" (with a space); the same
 * value is also exposed as `billing_periode` for convenience.
 */
export const billingReportItemSchema = z
  .object({
    id: int,
    'billing periode': maybe(text),
    billing_date: maybe(text),
    status: maybe(text),
    fully_settle: maybe(flag),
    total: maybe(num),
    can_download: maybe(flag),
  })
  .loose()
  .transform((item) => {
    const alias = typeof item['billing_periode'] === 'string' ? item['billing_periode'] : null;
    const periode = item['billing periode'] ?? alias;
    return { ...item, 'billing periode': periode, billing_periode: periode };
  });

/** A billing report summary item. */
export type BillingReportItem = z.output<typeof billingReportItemSchema>;

/** One top-up of the prepaid balance (E4); the date is day/month/year ("26/08/2024"). */
const topUpSchema = z.object({ amount: maybe(num), date: maybe(text) }).loose();

/** A single top-up object where a list is expected is read as a list of one. */
const topUpsSchema = z.preprocess(
  (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value),
  listOf(topUpSchema),
);

/**
 * This month's prepaid balance summary (E4, optional, part 10); money in IDR. How
 * `current_balance` and `actual_balance` differ is not shown, so both are kept.
 */
export const billingSummarySchema = z
  .object({
    current_balance: maybe(num),
    actual_balance: maybe(num),
    current_cost: maybe(num),
    estimated_monthly_total: maybe(num),
    last_topup: topUpsSchema,
  })
  .loose();

/** The prepaid balance summary. */
export type BillingSummary = z.output<typeof billingSummarySchema>;

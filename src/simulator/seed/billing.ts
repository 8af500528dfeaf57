// Seeded billing data: payment methods with their fee rules, and 14 monthly billing reports.
import { monthName } from '../format.js';
import { unitNoise } from '../prng.js';

/** Payment categories, in the order the service lists them. */
export const PAYMENT_CATEGORIES = ['bank', 'card', 'ritel', 'ewallet', 'qris'] as const;
/** One of bank, card, ritel, ewallet, qris. */
export type PaymentCategory = (typeof PAYMENT_CATEGORIES)[number];

/** A payment method and its fee rule: a flat IDR part plus a percentage of the top-up amount. */
export interface PaymentMethodRule {
  category: PaymentCategory;
  name: string;
  code: string;
  flatFee: number;
  percentFee: number;
}

const method = (
  category: PaymentCategory,
  name: string,
  code: string,
  flatFee: number,
  percentFee = 0,
): PaymentMethodRule => ({
  category,
  name,
  code,
  flatFee,
  percentFee,
});

/** All payment methods; card, e-wallet and QRIS fees depend on the amount. */
export const PAYMENT_METHODS: readonly PaymentMethodRule[] = [
  method('bank', 'BCA Virtual Account', 'BCA', 4000),
  method('bank', 'Mandiri Virtual Account', 'MANDIRI', 4000),
  method('bank', 'BNI Virtual Account', 'BNI', 4000),
  method('bank', 'BRI Virtual Account', 'BRI', 4000),
  method('card', 'Credit / Debit Card', 'CC', 2000, 2.9),
  method('ritel', 'Alfamart', 'ALFAMART', 5000),
  method('ritel', 'Indomaret', 'INDOMARET', 5000),
  method('ewallet', 'OVO', 'OVO', 0, 1.5),
  method('ewallet', 'DANA', 'DANA', 0, 1.5),
  method('ewallet', 'ShopeePay', 'SHOPEEPAY', 0, 2),
  method('qris', 'QRIS', 'QRIS', 0, 0.7),
];

/** VAT rate applied to the fee. */
export const VAT_RATE = 0.11;

/** A monthly billing report summary, before being shaped for the wire. */
export interface BillingReport {
  id: number;
  period: string;
  billingDate: Date;
  settled: boolean;
  total: number;
}

/** 14 monthly reports, newest first: the current and previous month are not settled yet. */
export function seedBillingReports(now: Date): BillingReport[] {
  const reports: BillingReport[] = [];
  for (let i = 0; i < 14; i += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const billingDate = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    reports.push({
      id: 1014 - i,
      period: `${monthName(month)} ${month.getUTCFullYear()}`,
      billingDate,
      settled: i >= 2,
      total: Math.round((3_200_000 + unitNoise(`billing:${i}`) * 900_000) / 100) * 100,
    });
  }
  return reports;
}

/** The prepaid balance (E4) and its top-ups, newest first. */
export interface PrepaidBalance {
  /** IDR left on the account before this month's usage is taken off. */
  amount: number;
  topUps: { amount: number; at: Date }[];
}

/**
 * A balance that fits the seeded servers: one and a half months of their estimated cost, the last
 * top-up nine days ago and the one before a month earlier.
 */
export function seedBalance(monthlyEstimate: number, now: Date): PrepaidBalance {
  const day = 86_400_000;
  const lastTopUp = Math.max(100_000, Math.round(monthlyEstimate / 2 / 100_000) * 100_000);
  return {
    amount: Math.round((monthlyEstimate * 1.5) / 100_000) * 100_000,
    topUps: [
      { amount: lastTopUp, at: new Date(now.getTime() - 9 * day) },
      { amount: lastTopUp * 2, at: new Date(now.getTime() - 40 * day) },
    ],
  };
}

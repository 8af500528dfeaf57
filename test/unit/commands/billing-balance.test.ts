// `billing balance`'s runway: balance ÷ (this month's cost so far ÷ days elapsed this month), with
// the lower of the current and actual balance; no number when it cannot be told.
import { describe, expect, it } from 'vitest';
import { billingSummarySchema } from '../../../src/api/schemas/billing.js';
import { runwayOf } from '../../../commands/billing-balance.js';

const summary = (fields: Record<string, unknown>) => billingSummarySchema.parse(fields);
/** Ten days into November (UTC). */
const NOW = new Date('2026-11-11T00:00:00Z');

describe('runway', () => {
  it('divides the lower balance by the average daily cost so far', () => {
    const runway = runwayOf(
      summary({ current_balance: 3_000_000, actual_balance: 2_000_000, current_cost: 1_000_000 }),
      NOW,
    );
    // 1,000,000 over 10 days = 100,000 a day; 2,000,000 lasts 20 days.
    expect(runway.days).toBe(20);
    expect(runway.how).toBe('IDR 2,000,000 ÷ (IDR 1,000,000 ÷ 10.0 days = IDR 100,000 a day)');
  });

  it('uses whichever balance is reported', () => {
    expect(runwayOf(summary({ current_balance: 500_000, current_cost: 1_000_000 }), NOW).days).toBe(5);
  });

  it('is zero when the balance is used up', () => {
    const runway = runwayOf(summary({ current_balance: 100, actual_balance: -5_000, current_cost: 10 }), NOW);
    expect(runway.days).toBe(0);
  });

  it('has no number without a balance, or without any cost yet this month', () => {
    expect(runwayOf(summary({ current_cost: 10 }), NOW)).toEqual({
      days: null,
      how: 'The API reported no balance.',
    });
    expect(runwayOf(summary({ current_balance: 10, current_cost: 0 }), NOW).days).toBeNull();
    expect(
      runwayOf(summary({ current_balance: 10, current_cost: 5 }), new Date('2026-11-01T00:00:00Z')).days,
    ).toBeNull();
  });
});

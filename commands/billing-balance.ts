// `billing balance` (optional endpoint E4, spec part 10): the prepaid balance and how long it lasts.
// A prepaid account whose balance runs out has its servers stopped, so the runway is what matters.
import type { BillingSummary } from '../src/api/index.js';
import {
  BALANCE_CURRENCY,
  commandGroup,
  type CommandDefinition,
  RUNWAY_HOW,
  runwayOf,
  t,
  type Locale,
} from '../src/core/index.js';
import type { Field, Tone } from '../src/render/message.js';
import { day } from './shared/dates.js';
import { DASH } from './shared/format.js';
import { decimal, money } from '../src/render/format.js';
import { toDate } from '../src/render/time-format.js';
import { balanceSummary } from './shared/not-offered.js';

const command = commandGroup('billing');

const IDR = BALANCE_CURRENCY;
const DAY_MS = 86_400_000;

/** The runway computation lives in the core (the balance watch uses it too). */
type Runway = ReturnType<typeof runwayOf>;
export { runwayOf, type Runway };

/** Under a week is worth a warning, under three days is urgent. */
function runwayTone(days: number | null): Tone {
  if (days === null || days >= 7) return 'info';
  return days < 3 ? 'danger' : 'warning';
}

/** The newest top-up (by date; the first listed when no date can be read), as "IDR 500,000 · 2026-11-16 (9 d ago)". */
function lastTopUp(summary: BillingSummary, now: Date, locale: Locale): string {
  const dated = summary.last_topup.map((t, index) => ({ t, at: toDate(t.date)?.getTime() ?? -index }));
  const newest = dated.sort((a, b) => b.at - a.at)[0]?.t;
  if (!newest) return t(locale, 'billing.noTopUp');
  return `${money(newest.amount, IDR, locale)} · ${day(newest.date, now)}`;
}

function runwayText(runway: Runway, now: Date, locale: Locale): string {
  if (runway.days === null) return DASH;
  if (runway.days === 0) return t(locale, 'billing.runwayEmpty');
  const until = new Date(now.getTime() + runway.days * DAY_MS).toISOString().slice(0, 10);
  return t(locale, 'billing.runwayDays', { days: decimal(runway.days, 1, locale), until });
}

/** E4: balance, this month's cost and estimate, last top-up and runway. */
export const billingBalance = command({
  name: 'balance',
  summary: 'Prepaid balance, this month’s cost and how many days it lasts',
  description: `${RUNWAY_HOW} Uses the balance summary the hosting service may offer (optional).`,
  examples: ['/vps billing balance'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    const { locale } = ctx;
    const summary = await balanceSummary(ctx);
    const now = ctx.now();
    const runway = runwayOf(summary, now, locale);
    const rupiah = (n: unknown): string => money(n, IDR, locale);
    const runwayLine = runwayText(runway, now, locale);
    const fields: Field[] = [
      { label: t(locale, 'billing.currentBalance'), value: rupiah(summary.current_balance), inline: true },
      { label: t(locale, 'billing.actualBalance'), value: rupiah(summary.actual_balance), inline: true },
      { label: t(locale, 'billing.costThisMonth'), value: rupiah(summary.current_cost), inline: true },
      {
        label: t(locale, 'billing.estimatedMonth'),
        value: rupiah(summary.estimated_monthly_total),
        inline: true,
      },
      { label: t(locale, 'billing.lastTopUp'), value: lastTopUp(summary, now, locale), inline: true },
      { label: t(locale, 'billing.runway'), value: runwayLine, inline: true },
    ];
    return {
      title: t(locale, 'billing.balanceTitle'),
      tone: runwayTone(runway.days),
      summary: t(locale, 'billing.balanceSummary', {
        balance: rupiah(summary.current_balance),
        runway: runwayLine,
      }),
      blocks: [
        { type: 'fields', fields },
        { type: 'context', text: t(locale, 'billing.runwayHow', { how: runway.how }) },
      ],
    };
  },
});

/** `billing balance`, listed with the billing group. */
export const billingBalanceCommands: CommandDefinition[] = [billingBalance];

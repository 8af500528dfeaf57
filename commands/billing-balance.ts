// `billing balance` (optional endpoint E4, spec part 10): the prepaid balance and how long it lasts.
// A prepaid account whose balance runs out has its servers stopped, so the runway is what matters.
import type { BillingSummary } from '../src/api/index.js';
import {
  BALANCE_CURRENCY,
  commandGroup,
  type CommandDefinition,
  type Runway,
  RUNWAY_HOW,
  runwayOf,
} from '../src/core/index.js';
import type { Field, Tone } from '../src/render/message.js';
import { day } from './shared/dates.js';
import { DASH, money, toDate } from './shared/format.js';
import { balanceSummary } from './shared/not-offered.js';

const command = commandGroup('billing');

const IDR = BALANCE_CURRENCY;
const DAY_MS = 86_400_000;

/** The runway computation lives in the core (the balance watch uses it too). */
export { runwayOf, type Runway };

/** Under a week is worth a warning, under three days is urgent. */
function runwayTone(days: number | null): Tone {
  if (days === null || days >= 7) return 'info';
  return days < 3 ? 'danger' : 'warning';
}

/** The newest top-up (by date; the first listed when no date can be read), as "IDR 500,000 · 2026-11-16 (9 d ago)". */
function lastTopUp(summary: BillingSummary, now: Date): string {
  const dated = summary.last_topup.map((t, index) => ({ t, at: toDate(t.date)?.getTime() ?? -index }));
  const newest = dated.sort((a, b) => b.at - a.at)[0]?.t;
  if (!newest) return 'none reported';
  return `${money(newest.amount, IDR)} · ${day(newest.date, now)}`;
}

function runwayText(runway: Runway, now: Date): string {
  if (runway.days === null) return DASH;
  if (runway.days === 0) return '0 days: the balance is used up (servers may be stopped)';
  const until = new Date(now.getTime() + runway.days * DAY_MS).toISOString().slice(0, 10);
  return `${runway.days.toFixed(1)} days (until about ${until})`;
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
    const summary = await balanceSummary(ctx);
    const now = ctx.now();
    const runway = runwayOf(summary, now);
    const fields: Field[] = [
      { label: 'Current balance', value: money(summary.current_balance, IDR), inline: true },
      { label: 'Actual balance', value: money(summary.actual_balance, IDR), inline: true },
      { label: 'Cost this month', value: money(summary.current_cost, IDR), inline: true },
      { label: 'Estimated month total', value: money(summary.estimated_monthly_total, IDR), inline: true },
      { label: 'Last top-up', value: lastTopUp(summary, now), inline: true },
      { label: 'Runway', value: runwayText(runway, now), inline: true },
    ];
    return {
      title: 'Prepaid balance',
      tone: runwayTone(runway.days),
      summary: `Balance ${money(summary.current_balance, IDR)} · runway ${runwayText(runway, now)}`,
      blocks: [
        { type: 'fields', fields },
        { type: 'context', text: `${RUNWAY_HOW} Here: ${runway.how}` },
      ],
    };
  },
});

/** `billing balance`, listed with the billing group. */
export const billingBalanceCommands: CommandDefinition[] = [billingBalance];

// `billing watch [--below <amount>] [--runway-days N]` and `billing unwatch` (also typed `watch
// billing …` / `unwatch billing`): a balance alert in this channel when the prepaid balance
// (optional endpoint E4) falls under the amount or its runway under N days — one alert per incident
// and a recovery notice, through the same watches as servers (src/watch/balance-watch.ts).
import {
  arg,
  asFlag,
  BALANCE_CURRENCY,
  type BalanceLimits,
  commandGroup,
  type CommandDefinition,
  optional,
  runwayOf,
  UserError,
  DEFAULT_LOCALE,
  t,
  type Locale,
} from '../src/core/index.js';
import { context, message, text } from '../src/render/builders.js';
import { decimal, money } from '../src/render/format.js';
import { balanceSummary } from './shared/not-offered.js';
import { watchesOf } from './shared/watches.js';

const command = commandGroup('billing');

/** `--runway-days` when not given. */
export const DEFAULT_RUNWAY_DAYS = 7;

/**
 * The balance watch: one per channel, kept like a server's watch. Its stored label is the word
 * people type (`unwatch billing`); what readers see is `billingWatch.label` in their language.
 */
export const BALANCE_WATCH = { uuid: 'billing', label: 'billing' };

/** "balance < IDR 50,000 or runway < 7 days". */
export function describeBalanceLimits(limits: BalanceLimits, locale: Locale = DEFAULT_LOCALE): string {
  const runway = t(locale, 'billingWatch.runwayUnder', { days: limits.runwayDays });
  return limits.belowAmount === undefined
    ? runway
    : t(locale, 'billingWatch.balanceUnder', {
        amount: money(limits.belowAmount, BALANCE_CURRENCY, locale),
        runway,
      });
}

/** `billing watch`: store (or change) this channel's balance watch. */
export const billingWatch = command({
  name: 'watch',
  summary: 'Alert this channel when the prepaid balance runs low',
  description:
    `Alerts once when the balance falls under --below (rupiah) or its runway under --runway-days ` +
    `(default ${DEFAULT_RUNWAY_DAYS}), and says so when it recovers. Also typed \`watch billing\`.`,
  examples: ['/vps billing watch', '/vps watch billing --below 500000 --runway-days 10'],
  args: {
    below: optional(asFlag(arg.integer('Alert when the balance is under this many rupiah', { min: 1 }))),
    runwayDays: optional(
      asFlag(arg.integer('Alert when the runway is under this many days (default 7)', { min: 1, max: 365 })),
    ),
  },
  risk: 'change',
  run: async (ctx, { below, runwayDays }) => {
    const { locale } = ctx;
    const watches = watchesOf(ctx.bot, locale);
    const summary = await balanceSummary(ctx, 'watch');
    const limits: BalanceLimits = {
      runwayDays: runwayDays ?? DEFAULT_RUNWAY_DAYS,
      ...(below !== undefined ? { belowAmount: below } : {}),
    };
    const outcome = await watches.set(
      ctx.actor.platform,
      ctx.channelId,
      { instance: BALANCE_WATCH, billing: limits },
      ctx.actor,
      locale,
    );
    const runway = runwayOf(summary, ctx.now(), locale);
    const balance = money(summary.current_balance, BALANCE_CURRENCY, locale);
    const now =
      runway.days === null
        ? t(locale, 'billingWatch.now', { balance })
        : t(locale, 'billingWatch.nowRunway', {
            balance,
            days: decimal(runway.days, 1, locale),
          });
    return {
      message: message(
        t(locale, outcome === 'created' ? 'billingWatch.watching' : 'billingWatch.stillWatching'),
        [
          text(t(locale, 'billingWatch.oneAlert', { limits: describeBalanceLimits(limits, locale) })),
          text(now),
          context(t(locale, 'billingWatch.stopWith')),
        ],
        { tone: 'success' },
      ),
      auditSummary: `${outcome} balance watch (${describeBalanceLimits(limits)})`,
    };
  },
});

/** `billing unwatch`: stop this channel's balance watch. */
export const billingUnwatch = command({
  name: 'unwatch',
  summary: 'Stop the balance alerts of this channel',
  description: 'Also typed `unwatch billing`.',
  examples: ['/vps billing unwatch', '/vps unwatch billing'],
  args: {},
  risk: 'change',
  run: async (ctx) => {
    const { locale } = ctx;
    const removed = await watchesOf(ctx.bot, locale).remove(
      ctx.actor.platform,
      ctx.channelId,
      BALANCE_WATCH.uuid,
    );
    if (!removed) throw new UserError('nothing-to-do', t(locale, 'billingWatch.notWatched'));
    return {
      message: message(t(locale, 'billingWatch.unwatched'), [text(t(locale, 'billingWatch.noMore'))], {
        tone: 'success',
      }),
      auditSummary: 'removed balance watch',
    };
  },
});

/** The balance watch commands, listed with the billing group. */
export const billingWatchCommands: CommandDefinition[] = [
  billingWatch,
  billingUnwatch,
] as CommandDefinition[];

// Billing commands (endpoints 21–22): payment methods with fees, and report summaries.
import { arg, asFlag, commandGroup, optional, type CommandDefinition } from '../src/core/index.js';
import { day } from './shared/dates.js';
import { money, plural, show } from './shared/format.js';
import { noSuchPage, pageFooter } from './shared/paging.js';
import { tableReply } from './shared/table-reply.js';

const command = commandGroup('billing');

const CATEGORIES = ['bank', 'card', 'ritel', 'ewallet', 'qris'] as const;
const CATEGORY_TEXT: Record<(typeof CATEGORIES)[number], string> = {
  bank: 'Bank transfer',
  card: 'Card',
  ritel: 'Retail outlet',
  ewallet: 'E-wallet',
  qris: 'QRIS',
};

/** Endpoint 21: how the account can be topped up, and what each way costs. */
export const billingMethods = command({
  name: 'methods',
  summary: 'List payment methods and their fees',
  examples: ['/vps billing methods', '/vps billing methods --amount 500000'],
  args: { amount: optional(asFlag(arg.integer('Top-up amount, to compute fees', { min: 1 }))) },
  risk: 'read',
  run: async (ctx, { amount }) => {
    const methods = await ctx.api.billing.paymentMethods(amount !== undefined ? { amount } : {});
    const rows: string[][] = [];
    for (const category of CATEGORIES) {
      for (const m of methods[category]) {
        rows.push([
          CATEGORY_TEXT[category],
          show(m.name),
          show(m.code),
          money(m.fee, ctx.currency),
          money(m.vat, ctx.currency),
        ]);
      }
    }
    const title =
      amount !== undefined ? `Payment methods for ${money(amount, ctx.currency)}` : 'Payment methods';
    return tableReply({
      title,
      columns: ['Category', 'Method', 'Code', 'Fee', 'VAT'],
      rows,
      empty: 'No payment methods are offered.',
      note:
        `${plural(rows.length, 'method')} · fee and VAT as the hosting service reports them; ` +
        `the API does not state their currency, so vpsops assumes the configured one (${ctx.currency})`,
    });
  },
});

/** Endpoint 22: monthly billing reports, newest first, paginated. */
export const billingReports = command({
  name: 'reports',
  summary: 'List billing report summaries',
  examples: ['/vps billing reports', '/vps billing reports --page 2 --limit 6'],
  args: {
    page: optional(asFlag(arg.integer('Page number', { min: 1 }))),
    limit: optional(asFlag(arg.integer('Reports per page', { min: 1, max: 100 }))),
  },
  risk: 'read',
  run: async (ctx, { page, limit }) => {
    const reports = await ctx.api.billing.reportSummary({
      ...(page !== undefined ? { page } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    if (reports.items.length === 0) {
      const text =
        page && page > 1 ? noSuchPage(page, reports.page, 'reports') : 'There are no billing reports.';
      return { title: 'Billing reports', tone: 'info', blocks: [{ type: 'text', text }] };
    }
    const now = ctx.now();
    const rows = reports.items.map((item) => [
      show(item['billing periode']),
      day(item.billing_date, now),
      show(item.status),
      money(item.total, ctx.currency),
      item.can_download === true ? 'yes' : 'no',
      show(item.id),
    ]);
    const unsettled = reports.items.filter((item) => item.fully_settle === false).length;
    return {
      title: 'Billing reports',
      tone: unsettled > 0 ? 'warning' : 'info',
      blocks: [
        { type: 'table', columns: ['Period', 'Billed', 'Status', 'Total', 'Download', 'Id'], rows },
        ...(unsettled > 0
          ? [
              {
                type: 'text' as const,
                text: `${plural(unsettled, 'report')} on this page not fully settled.`,
              },
            ]
          : []),
        pageFooter(reports.page, 'reports', 'billing reports', { page, limit }),
      ],
    };
  },
});

/** The billing group, in help order. */
export const billingCommands: CommandDefinition[] = [billingMethods, billingReports];

// Billing commands (endpoints 21–22): payment methods with fees, and report summaries.
import { arg, asFlag, commandGroup, optional, t, type CommandDefinition } from '../src/core/index.js';
import { day } from './shared/dates.js';
import { show } from './shared/format.js';
import { money } from '../src/render/format.js';
import { noSuchPage, pageFooter } from './shared/paging.js';
import { tableReply } from './shared/table-reply.js';

const command = commandGroup('billing');

const CATEGORIES = ['bank', 'card', 'ritel', 'ewallet', 'qris'] as const;

/** Endpoint 21: how the account can be topped up, and what each way costs. */
export const billingMethods = command({
  name: 'methods',
  summary: 'List payment methods and their fees',
  examples: ['/vps billing methods', '/vps billing methods --amount 500000'],
  args: { amount: optional(asFlag(arg.integer('Top-up amount, to compute fees', { min: 1 }))) },
  risk: 'read',
  run: async (ctx, { amount }) => {
    const { locale, currency } = ctx;
    const methods = await ctx.api.billing.paymentMethods(amount !== undefined ? { amount } : {});
    const rows: string[][] = [];
    for (const category of CATEGORIES) {
      for (const m of methods[category]) {
        rows.push([
          t(locale, `billing.category.${category}`),
          show(m.name),
          show(m.code),
          money(m.fee, currency, locale),
          money(m.vat, currency, locale),
        ]);
      }
    }
    const title =
      amount !== undefined
        ? t(locale, 'billing.methodsFor', { amount: money(amount, currency, locale) })
        : t(locale, 'billing.methods');
    return tableReply({
      title,
      columns: (['category', 'method', 'code', 'fee', 'vat'] as const).map((c) =>
        t(locale, `billing.column.${c}`),
      ),
      rows,
      empty: t(locale, 'billing.noMethods'),
      note: t(locale, 'billing.methodsNote', { count: rows.length, currency }),
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
    const { locale } = ctx;
    const reports = await ctx.api.billing.reportSummary({
      ...(page !== undefined ? { page } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    if (reports.items.length === 0) {
      const text =
        page && page > 1 ? noSuchPage(page, reports.page, 'reports') : t(locale, 'billing.noReports');
      return { title: t(locale, 'billing.reports'), tone: 'info', blocks: [{ type: 'text', text }] };
    }
    const now = ctx.now();
    const rows = reports.items.map((item) => [
      show(item['billing periode']),
      day(item.billing_date, now),
      show(item.status),
      money(item.total, ctx.currency, locale),
      t(locale, item.can_download === true ? 'billing.yes' : 'billing.no'),
      show(item.id),
    ]);
    const unsettled = reports.items.filter((item) => item.fully_settle === false).length;
    return {
      title: t(locale, 'billing.reports'),
      tone: unsettled > 0 ? 'warning' : 'info',
      blocks: [
        {
          type: 'table',
          columns: (['period', 'billed', 'status', 'total', 'download', 'id'] as const).map((c) =>
            t(locale, `billing.column.${c}`),
          ),
          rows,
        },
        ...(unsettled > 0
          ? [{ type: 'text' as const, text: t(locale, 'billing.unsettled', { count: unsettled }) }]
          : []),
        pageFooter(reports.page, 'reports', 'billing reports', { page, limit }),
      ],
    };
  },
});

/** The billing group, in help order. */
export const billingCommands: CommandDefinition[] = [billingMethods, billingReports];

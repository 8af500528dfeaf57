// The `instance metrics` reply: summary fields with sparklines, the period and sample count, and
// the chart image when the bot can draw one (a failed chart never loses the numbers).
import { t, type CommandContext, type MessageKey, type ResolvedInstance } from '../../src/core/index.js';
import type { Attachment, Block, Message } from '../../src/render/message.js';
import { freshLabel } from './instance-view.js';
import { metricTable, summarise } from './metrics.js';
import type { Period } from './metrics.js';

const PERIOD_TEXT: Record<Period, MessageKey> = {
  hour: 'metrics.period.hour',
  day: 'metrics.period.day',
  week: 'metrics.period.week',
  month: 'metrics.period.month',
  year: 'metrics.period.year',
};

/** Fetch one period of RRD data for an instance and build the reply. */
export async function metricsReply(
  ctx: CommandContext,
  instance: ResolvedInstance,
  periode: Period,
): Promise<Message> {
  const [series, target] = await Promise.all([
    ctx.api.instances.rrd(instance.uuid, periode),
    freshLabel(ctx, instance),
  ]);
  const { locale } = ctx;
  const summary = summarise(series);
  const title = t(locale, 'metrics.title', { label: target.label, period: t(locale, PERIOD_TEXT[periode]) });
  const samples = t(locale, 'count.sample', { n: summary.samples });
  const blocks: Block[] = [
    { type: 'code', text: metricTable(summary, locale) },
    {
      type: 'context',
      text: t(locale, 'metrics.context', { period: periode, samples, uuid: instance.uuid }),
    },
  ];
  if (summary.samples === 0) blocks.unshift({ type: 'text', text: t(locale, 'metrics.noSamples') });
  const attachments: Attachment[] = [];
  if (ctx.bot.renderChart && summary.samples > 0) {
    try {
      const chart = await ctx.bot.renderChart({ title, periode, series });
      attachments.push({
        filename: `${target.label}-${periode}.png`.replace(/[^\w.-]+/g, '_'),
        contentType: 'image/png',
        data: chart.png,
        alt: t(locale, 'metrics.chartAlt', { title }),
        ...(chart.savedPath ? { savedPath: chart.savedPath } : {}),
      });
    } catch {
      blocks.push({ type: 'context', text: t(locale, 'metrics.chartFailed') });
    }
  }
  return { title, tone: 'info', blocks, summary: title, ...(attachments.length ? { attachments } : {}) };
}

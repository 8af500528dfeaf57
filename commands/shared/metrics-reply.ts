// The `instance metrics` reply: summary fields with sparklines, the period and sample count, and
// the chart image when the bot can draw one (a failed chart never loses the numbers).
import type { CommandContext, ResolvedInstance } from '../../src/core/index.js';
import type { Attachment, Block, Message } from '../../src/render/message.js';
import { plural } from './format.js';
import { freshLabel } from './instance-view.js';
import { metricTable, summarise } from './metrics.js';
import type { Period } from './metrics.js';

const PERIOD_TEXT: Record<Period, string> = {
  hour: 'last hour',
  day: 'last 24 hours',
  week: 'last 7 days',
  month: 'last 30 days',
  year: 'last 12 months',
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
  const summary = summarise(series);
  const title = `${target.label} — ${PERIOD_TEXT[periode]}`;
  const blocks: Block[] = [
    { type: 'code', text: metricTable(summary) },
    {
      type: 'context',
      text: `Period: ${periode} · ${plural(summary.samples, 'sample')} · uuid ${instance.uuid}`,
    },
  ];
  if (summary.samples === 0)
    blocks.unshift({ type: 'text', text: 'No samples were returned for this period.' });
  const attachments: Attachment[] = [];
  if (ctx.bot.renderChart && summary.samples > 0) {
    try {
      const chart = await ctx.bot.renderChart({ title, periode, series });
      attachments.push({
        filename: `${target.label}-${periode}.png`.replace(/[^\w.-]+/g, '_'),
        contentType: 'image/png',
        data: chart.png,
        alt: `Metrics chart for ${title}`,
        ...(chart.savedPath ? { savedPath: chart.savedPath } : {}),
      });
    } catch {
      blocks.push({ type: 'context', text: 'The chart could not be drawn; the numbers above are complete.' });
    }
  }
  return { title, tone: 'info', blocks, summary: title, ...(attachments.length ? { attachments } : {}) };
}

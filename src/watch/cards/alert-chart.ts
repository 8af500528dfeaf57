// The chart of a cpu / memory alert: the server's last hour of metrics (the `instance metrics`
// chart), posted once under the alert card (Slack: its thread; Discord: a reply on it) when the
// card is first posted — never on the edit path, so an edit can never drop or repeat it. A failed
// metrics call or drawing is logged and leaves the card as it is.
import { t, type BotServices, type Locale } from '../../core/index.js';
import type { HostingApi } from '../../api/index.js';
import { message } from '../../render/builders.js';
import type { Message } from '../../render/message.js';
import type { ChannelPoster } from '../../core/index.js';
import type { OpenAlert, WatchRecord } from '../types.js';

/** Draws a chart (the bot's chart renderer, as `instance metrics` uses it). */
export type AlertChartRenderer = NonNullable<BotServices['renderChart']>;

/** What posting an alert's chart needs. */
export interface AlertChartDeps {
  api: HostingApi;
  poster: ChannelPoster;
  charts?: AlertChartRenderer;
  send<T>(attempt: () => Promise<T>): Promise<T>;
  warn(message: string, detail: Record<string, unknown>): void;
}

/** The chart message of a cpu / memory alert: the title and the image (its alt text says what it shows). */
export async function alertChartMessage(
  api: HostingApi,
  charts: AlertChartRenderer,
  watch: WatchRecord,
  alert: OpenAlert,
  locale: Locale,
): Promise<Message> {
  const series = await api.instances.rrd(watch.instance.uuid, 'hour');
  const title = t(locale, 'alertChart.title', {
    label: watch.instance.label,
    what: t(locale, `alert.kind.${alert.kind}`),
  });
  const chart = await charts({ title, periode: 'hour', series, locale });
  const filename = `${watch.instance.label}-${alert.kind}.png`.replace(/[^\w.-]+/g, '_');
  const card = message(title, [], { summary: title });
  card.attachments = [
    {
      filename,
      contentType: 'image/png',
      data: chart.png,
      alt: t(locale, 'metrics.chartAlt', { title }),
      ...(chart.savedPath ? { savedPath: chart.savedPath } : {}),
    },
  ];
  return card;
}

/** Posts the chart under a cpu / memory alert's card just posted; other kinds, or no renderer or thread, post nothing. */
export async function postAlertChart(
  deps: AlertChartDeps,
  watch: WatchRecord,
  alert: OpenAlert,
  locale: Locale,
): Promise<void> {
  const { poster, charts } = deps;
  const card = alert.ref;
  if ((alert.kind !== 'cpu' && alert.kind !== 'memory') || !charts || !card || !poster.reply) return;
  try {
    const chart = await alertChartMessage(deps.api, charts, watch, alert, locale);
    await deps.send(() => poster.reply!(card, chart));
  } catch (error) {
    deps.warn('watch: the alert chart was left out', { err: error, watch: watch.id, kind: alert.kind });
  }
}

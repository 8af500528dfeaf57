// The optional services createApp builds from settings: the chart renderer slot's default (for
// `instance metrics` and the charts under cpu / memory alerts) and the PagerDuty client.
import type { AppConfig } from './config/app-config.js';
import type { BotServices } from '../core/index.js';
import { createPagerDuty, type PagerDuty } from '../paging/pagerduty.js';

/** Loads the chart module only when a chart is first asked for, keeping start-up (exec) fast. */
export function lazyCharts(dataDir: string): NonNullable<BotServices['renderChart']> {
  let renderer: Promise<NonNullable<BotServices['renderChart']>> | undefined;
  return async (input) => {
    renderer ??= import('../render/chart/index.js').then((charts) => charts.createChartRenderer({ dataDir }));
    return (await renderer)(input);
  };
}

/** The Events v2 client for PAGERDUTY_ROUTING_KEY (and PAGERDUTY_EVENTS_URL when set). */
export function pagerFor(paging: NonNullable<AppConfig['paging']>): PagerDuty {
  return createPagerDuty({
    routingKey: paging.routingKey,
    ...(paging.eventsUrl ? { url: paging.eventsUrl } : {}),
  });
}

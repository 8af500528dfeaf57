// The chart renderer slot's default: `instance metrics` and the charts under cpu / memory alerts.
import type { BotServices } from '../core/index.js';

/** Loads the chart module only when a chart is first asked for, keeping start-up (exec) fast. */
export function lazyCharts(dataDir: string): NonNullable<BotServices['renderChart']> {
  let renderer: Promise<NonNullable<BotServices['renderChart']>> | undefined;
  return async (input) => {
    renderer ??= import('../render/chart/index.js').then((charts) => charts.createChartRenderer({ dataDir }));
    return (await renderer)(input);
  };
}

// Child process for the chart benchmark. `first`: loads the chart module in a fresh process and
// times the first chart (module load included), then the second. `memory N`: renders N charts
// and prints heap/RSS after warm-up and at the end (run with --expose-gc). Prints one JSON line.
import { steadySeries } from '../../test/fixtures/charts/rrd-fixtures.js';

const [mode = 'first', countText = '1000'] = process.argv.slice(2);
const input = { title: 'web-1 metrics', periode: 'day', series: steadySeries('day') };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const memory = () => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMb: heapUsed / 1048576, rssMb: rss / 1048576 };
};

const start = performance.now();
const charts = await import(process.env.CHART_MODULE ?? '../../src/render/chart/index.js');
const render = charts.renderMetricsChart as (i: typeof input) => Promise<unknown>;
if (mode === 'first') {
  const loaded = performance.now();
  await render(input);
  const first = performance.now();
  await render(input);
  const second = performance.now();
  console.log(JSON.stringify({ loadMs: loaded - start, firstMs: first - start, secondMs: second - first }));
} else {
  const count = Number(countText);
  for (let i = 0; i < 50; i += 1) await render(input);
  const warm = memory();
  for (let i = 0; i < count; i += 1) await render(input);
  const end = memory();
  console.log(JSON.stringify({ warm, end }));
}

// Child process for the chart benchmark. `first`: loads the chart module in a fresh process and
// times the first chart (module load included), then the second. `memory N`: renders 200 charts
// so the allocator reaches its steady state, then N more, and prints heap/RSS at the start, the
// highest reading at each quarter and the end (run with --expose-gc). Prints one JSON line.
import { steadySeries } from '../../test/fixtures/charts/rrd-fixtures.js';

const [mode = 'first', countText = '1000'] = process.argv.slice(2);
const input = { title: 'web-1 metrics', periode: 'day', series: steadySeries('day') };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const tick = () => new Promise((resolve) => setImmediate(resolve));
/** After two collections and event-loop turns, so native buffers V8 let go of are really freed. */
const memory = async () => {
  gc();
  await tick();
  gc();
  await tick();
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
  for (let i = 0; i < 200; i += 1) await render(input);
  const warm = await memory();
  let peakRssMb = warm.rssMb;
  for (let i = 1; i <= count; i += 1) {
    await render(input);
    if (i % Math.max(1, Math.floor(count / 4)) === 0) peakRssMb = Math.max(peakRssMb, (await memory()).rssMb);
  }
  const end = await memory();
  console.log(JSON.stringify({ warm, end, peakRssMb }));
}

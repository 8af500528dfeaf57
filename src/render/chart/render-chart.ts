// Renders the metrics of one instance as a single PNG: ECharts lays out the chart as SVG
// (server-side, no DOM or canvas), resvg rasterises it with a bundled font.
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { buildChartOption, CHART_FONT, CHART_HEIGHT, CHART_WIDTH } from './chart-option.js';
import { buildPanels } from './panels.js';
import { prepareRasterizer, rasterizeSvg } from './rasterize.js';
import { normalizeRrd, type RrdSeries } from './rrd-series.js';
import { palette, type ChartTheme } from './theme.js';
import { toPeriode, type Periode } from './time-labels.js';

echarts.use([LineChart, GridComponent, LegendComponent, TitleComponent, GraphicComponent, SVGRenderer]);

/** What to chart: a title, the RRD period, the RRD payload (spec 2.5) and an optional theme. */
export interface MetricsChartInput {
  title: string;
  periode: Periode | string;
  series: RrdSeries | unknown;
  theme?: ChartTheme;
}

/** A rendered chart: PNG bytes and their pixel size. */
export interface MetricsChart {
  png: Uint8Array;
  width: number;
  height: number;
}

/** Builds the chart as an SVG string (also the baseline the benchmark compares against). */
export function renderMetricsSvg(input: MetricsChartInput): string {
  const periode = toPeriode(input.periode);
  const option = buildChartOption({
    title: input.title,
    periode,
    set: buildPanels(normalizeRrd(input.series)),
    colors: palette(input.theme ?? 'dark'),
  });
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Rasterises chart SVG to PNG with only the bundled font, so output is identical everywhere. */
export function svgToPng(svg: string): Promise<MetricsChart> {
  return rasterizeSvg(svg, CHART_FONT);
}

/** Renders CPU, memory, network and disk panels of an RRD payload into one PNG. */
export async function renderMetricsChart(input: MetricsChartInput): Promise<MetricsChart> {
  return svgToPng(renderMetricsSvg(input));
}

/** A short synthetic series: enough points for every panel to draw lines, axes and labels. */
function warmUpSeries(): RrdSeries {
  const end = Date.UTC(2024, 0, 1);
  const at = (i: number) => new Date(end - (11 - i) * 300_000).toISOString();
  const samples = (fields: string[]) =>
    Array.from({ length: 12 }, (_, i) => ({
      time: at(i),
      ...Object.fromEntries(fields.map((f) => [f, i * 7])),
    }));
  return {
    cpu: samples(['cpu']),
    memory: samples(['raw_usage_memory', 'raw_max_memory']),
    network: samples(['raw_netin', 'raw_netout']),
    disk: samples(['raw_diskread', 'raw_diskwrite']),
  };
}

/** Loads the rasteriser and fonts and draws one throw-away chart, so the first real chart is warm. */
export async function warmUpCharts(): Promise<void> {
  await prepareRasterizer();
  await renderMetricsChart({ title: 'warm-up', periode: 'hour', series: warmUpSeries() });
}

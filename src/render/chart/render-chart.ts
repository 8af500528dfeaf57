// Renders the metrics of one instance as a single PNG: ECharts lays out the chart as SVG
// (server-side, no DOM or canvas), resvg rasterises it with a bundled font.
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { buildChartOption, CHART_FONT, CHART_HEIGHT, CHART_WIDTH } from './chart-option.js';
import { buildPanels } from './panels.js';
import { rasterizeSvg } from './rasterize.js';
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

// Renders the metrics of one instance as a single PNG: ECharts draws the chart with its canvas
// renderer onto a Skia canvas (@napi-rs/canvas) using the bundled font. The same option can be
// laid out as SVG (server-side), which the tests read to check labels and escaping.
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { buildChartOption, CHART_FONT, CHART_HEIGHT, CHART_WIDTH } from './chart-option.js';
import { buildPanels } from './panels.js';
import { measureChartText, paintPng, registerChartFonts, releasePendingPixels } from './rasterize.js';
import { normalizeRrd, type RrdSeries } from './rrd-series.js';
import { palette, type ChartTheme } from './theme.js';
import { toPeriode, type Periode } from './time-labels.js';

/** Skia's canvas stands in for the DOM canvas ECharts' types expect; it implements the same 2D API. */
type ChartDom = Parameters<typeof echarts.init>[0];

/** ECharts draws on anything with a 2D getContext (it checks that at run time too); Skia's canvas has one. */
function isChartDom(canvas: object): canvas is ChartDom {
  return 'getContext' in canvas && typeof canvas.getContext === 'function';
}

echarts.use([
  LineChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  GraphicComponent,
  CanvasRenderer,
  SVGRenderer,
]);
// Text is measured with Skia and the bundled font, so SVG and PNG lay labels out alike.
registerChartFonts(CHART_FONT);
echarts.setPlatformAPI({ measureText: measureChartText });

/** What to chart: a title, the RRD period, the RRD payload (spec 2.5) and an optional theme. */
export interface MetricsChartInput {
  title: string;
  periode: Periode | string;
  series: RrdSeries | unknown;
  theme?: ChartTheme;
  /** Language of the titles, axis and legend labels (default en). */
  locale?: Locale;
}

/** A rendered chart: PNG bytes and their pixel size. */
export interface MetricsChart {
  png: Uint8Array;
  width: number;
  height: number;
}

function optionOf(input: MetricsChartInput): EChartsOption {
  return buildChartOption({
    title: input.title,
    periode: toPeriode(input.periode),
    set: buildPanels(normalizeRrd(input.series), input.locale),
    locale: input.locale ?? DEFAULT_LOCALE,
    colors: palette(input.theme ?? 'dark'),
  });
}

/** Builds the chart as an SVG string (what the tests read for labels, units and escaping). */
export function renderMetricsSvg(input: MetricsChartInput): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    chart.setOption(optionOf(input));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Renders CPU, memory, network and disk panels of an RRD payload into one PNG. */
export async function renderMetricsChart(input: MetricsChartInput): Promise<MetricsChart> {
  await releasePendingPixels();
  const option = optionOf(input);
  let chart: echarts.ECharts | undefined;
  try {
    // Disposed only after the pixels are read: disposing detaches ECharts from the canvas.
    return paintPng(CHART_WIDTH, CHART_HEIGHT, (canvas) => {
      if (!isChartDom(canvas)) throw new Error('chart canvas cannot draw (no getContext)');
      chart = echarts.init(canvas, null, {
        renderer: 'canvas',
        width: CHART_WIDTH,
        height: CHART_HEIGHT,
        devicePixelRatio: 1,
      });
      chart.setOption(option);
    });
  } finally {
    chart?.dispose();
  }
}

/** The benchmark's baseline: a PNG of the chart's size in one flat colour, through the same canvas and encoder. */
export function renderBlankPng(): MetricsChart {
  return paintPng(CHART_WIDTH, CHART_HEIGHT, (canvas) => {
    const context = canvas.getContext('2d');
    context.fillStyle = palette('dark').background;
    context.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);
  });
}

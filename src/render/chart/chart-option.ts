// Lays out the four metric panels as one ECharts option (2 × 2 grid on a solid card) so the
// whole chart is one image per reply. Pure data in, option out: no rendering here.
import type { EChartsOption } from 'echarts';
import type { Panel, PanelSet } from './panels.js';
import type { Palette } from './theme.js';
import { formatAxisNumber } from './units.js';
import { formatRange, formatTimeLabel, type Periode } from './time-labels.js';
import { isMessageKey, t } from '../../i18n/translate.js';
import type { Locale } from '../../i18n/locale.js';

/** Size of the rendered chart in CSS pixels (the PNG is this times the scale). */
export const CHART_WIDTH = 1200;
/** Height of the rendered chart in CSS pixels, paired with CHART_WIDTH. */
export const CHART_HEIGHT = 760;

/** The font every label uses; render-chart loads this exact family from a bundled TTF. */
export const CHART_FONT = 'Inter';

const HEADER = 76;
const MARGIN = 16;
const GAP = 16;
const PANEL_W = (CHART_WIDTH - 2 * MARGIN - GAP) / 2;
const PANEL_H = (CHART_HEIGHT - HEADER - MARGIN - GAP) / 2;

/** Everything the option needs besides the panels. */
export interface OptionInput {
  title: string;
  periode: Periode;
  set: PanelSet;
  colors: Palette;
  locale: Locale;
}

function panelBox(index: number): { x: number; y: number } {
  return { x: MARGIN + (index % 2) * (PANEL_W + GAP), y: HEADER + Math.floor(index / 2) * (PANEL_H + GAP) };
}

function subtitle(input: OptionInput): string {
  const period = t(input.locale, `chart.period.${input.periode}`);
  if (input.set.range)
    return `${period} · ${formatRange(input.set.range.start, input.set.range.end, input.locale)}`;
  return `${period} · ${t(input.locale, 'chart.timesAsReported')}`;
}

/** A legend name ("Used", "In") in the locale; names the catalogue does not know stay as the data says. */
function lineName(name: string, locale: Locale): string {
  const key = `chart.line.${name}`;
  return isMessageKey(key) ? t(locale, key) : name;
}

function sparse(panel: Panel): boolean {
  return panel.lines.every((line) => line.points.length <= 40);
}

/** What one panel adds to the option's lists. */
interface PanelParts {
  graphics: object[];
  title: object;
  legend: object;
  grid: object;
  xAxis: object;
  yAxis: object;
  series: object[];
}

/** Builds the ECharts option for the whole chart. */
export function buildChartOption(input: OptionInput): EChartsOption {
  const { colors } = input;
  const parts = input.set.panels.map((panel, index) => panelParts(panel, index, input));
  return {
    animation: false,
    useUTC: true,
    backgroundColor: colors.background,
    textStyle: { fontFamily: CHART_FONT },
    title: [headerTitle(input), ...parts.map((p) => p.title)],
    legend: parts.map((p) => p.legend),
    grid: parts.map((p) => p.grid),
    xAxis: parts.map((p) => p.xAxis),
    yAxis: parts.map((p) => p.yAxis),
    series: parts.flatMap((p) => p.series),
    // A hairline frame keeps the light card distinct on a white client background.
    graphic: { elements: [frame(colors), ...parts.flatMap((p) => p.graphics)] },
  } as EChartsOption;
}

function headerTitle(input: OptionInput): object {
  const { colors } = input;
  return {
    text: input.title,
    subtext: subtitle(input),
    left: MARGIN + 4,
    top: 12,
    textStyle: { fontFamily: CHART_FONT, color: colors.text, fontSize: 22, fontWeight: 600 },
    subtextStyle: { fontFamily: CHART_FONT, color: colors.subtext, fontSize: 14 },
  };
}

function frame(colors: Palette): object {
  return {
    type: 'rect',
    shape: { x: 0.5, y: 0.5, width: CHART_WIDTH - 1, height: CHART_HEIGHT - 1, r: 0 },
    style: { fill: 'none', stroke: colors.border, lineWidth: 1 },
    z: -20,
  };
}

function panelParts(panel: Panel, index: number, input: OptionInput): PanelParts {
  const { colors, locale } = input;
  const box = panelBox(index);
  const graphics: object[] = [
    {
      type: 'rect',
      shape: { x: box.x, y: box.y, width: PANEL_W, height: PANEL_H, r: 8 },
      style: { fill: colors.panel, stroke: colors.border, lineWidth: 1 },
      z: -10,
    },
  ];
  if (panel.empty) graphics.push(noDataText(box, colors, locale));
  return {
    graphics,
    title: {
      text: `${panel.title} (${panel.unit})`,
      subtext: panel.summary,
      left: box.x + 12,
      top: box.y + 8,
      itemGap: 4,
      textStyle: { fontFamily: CHART_FONT, color: colors.text, fontSize: 16, fontWeight: 600 },
      subtextStyle: { fontFamily: CHART_FONT, color: colors.subtext, fontSize: 13 },
    },
    legend: {
      data: panel.lines.map((line) => lineName(line.name, locale)),
      right: CHART_WIDTH - (box.x + PANEL_W) + 12,
      top: box.y + 10,
      itemWidth: 18,
      itemHeight: 8,
      textStyle: { fontFamily: CHART_FONT, color: colors.subtext, fontSize: 12 },
    },
    grid: { left: box.x + 62, top: box.y + 62, width: PANEL_W - 62 - 20, height: PANEL_H - 62 - 34 },
    xAxis: xAxis(index, panel, input),
    yAxis: yAxis(index, panel, colors),
    series: panel.lines.map((line) => lineSeries(line, index, panel, input)),
  };
}

function noDataText(box: { x: number; y: number }, colors: Palette, locale: Locale): object {
  return {
    type: 'text',
    x: box.x + PANEL_W / 2,
    y: box.y + PANEL_H / 2,
    style: {
      text: t(locale, 'chart.noData'),
      fill: colors.subtext,
      font: `16px ${CHART_FONT}`,
      align: 'center',
      verticalAlign: 'middle',
    },
  };
}

function yAxis(index: number, panel: Panel, colors: Palette): object {
  return {
    type: 'value',
    gridIndex: index,
    min: panel.empty ? 0 : undefined,
    max: panel.fixedMax ?? (panel.empty ? 1 : undefined),
    splitNumber: 4,
    interval: panel.fixedMax === undefined ? undefined : panel.fixedMax / 4,
    axisLabel: {
      fontFamily: CHART_FONT,
      color: colors.subtext,
      fontSize: 13,
      show: !panel.empty,
      formatter: (value: number) => formatAxisNumber(value),
    },
    axisLine: { show: false },
    splitLine: { show: !panel.empty, lineStyle: { color: colors.grid } },
  };
}

function lineSeries(line: Panel['lines'][number], index: number, panel: Panel, input: OptionInput): object {
  const color = input.colors.lines[line.name] ?? input.colors.text;
  return {
    type: 'line',
    name: lineName(line.name, input.locale),
    xAxisIndex: index,
    yAxisIndex: index,
    data: line.points,
    showSymbol: sparse(panel),
    symbolSize: 5,
    connectNulls: false,
    color,
    lineStyle: { width: 2, color, type: line.dashed ? 'dashed' : 'solid' },
    areaStyle: line.area ? { color, opacity: 0.15 } : undefined,
  };
}

function xAxis(index: number, panel: Panel, input: OptionInput): object {
  const { set, colors, periode } = input;
  const label = {
    fontFamily: CHART_FONT,
    color: colors.subtext,
    fontSize: 13,
    hideOverlap: true,
    show: !panel.empty,
  };
  const line = { show: !panel.empty, lineStyle: { color: colors.axis } };
  if (!set.timeAxis) {
    const categories = panel.lines[0]?.points.map((p) => String(p[0])) ?? [];
    return {
      type: 'category',
      gridIndex: index,
      data: categories,
      boundaryGap: false,
      axisLabel: label,
      axisLine: line,
      axisTick: line,
    };
  }
  return {
    type: 'time',
    gridIndex: index,
    min: set.range?.start,
    max: set.range?.end,
    splitNumber: 5,
    axisLabel: { ...label, formatter: (value: number) => formatTimeLabel(value, periode, input.locale) },
    axisLine: line,
    axisTick: line,
    splitLine: { show: false },
  };
}

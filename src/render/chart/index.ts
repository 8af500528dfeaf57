// Public surface of the metrics chart module (issue 6).
export { renderBlankPng, renderMetricsChart, renderMetricsSvg } from './render-chart.js';
export type { MetricsChart, MetricsChartInput } from './render-chart.js';
export { createChartRenderer, chartFileSlug } from './chart-renderer.js';
export type { ChartRendererOptions } from './chart-renderer.js';
export type { RrdSeries, RrdSample } from './rrd-series.js';
export type { ChartTheme } from './theme.js';
export type { Periode } from './time-labels.js';

// RRD series (spec 2.5) reduced to what an on-call reads at a glance: averages, peaks, the latest
// memory use and a sparkline per metric. Shared by `instance metrics` and `status`.
import type { RrdSeries } from '../../src/api/index.js';
import { t, type Locale } from '../../src/core/index.js';
import { sparkline } from '../../src/render/sparkline.js';
import { DASH } from './format.js';
import { decimal, percent } from '../../src/render/format.js';

/** The periods endpoint 5 accepts (kept here: commands import only types from src/api). */
export const PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
/** One of the periods endpoint 5 accepts. */
export type Period = (typeof PERIODS)[number];

interface Stat {
  values: number[];
  avg: number | null;
  max: number | null;
  last: number | null;
}

/** Summary of one RRD response. */
export interface MetricsSummary {
  samples: number;
  cpu: Stat;
  memoryUsed: Stat;
  memoryMax: number | null;
  netIn: Stat;
  netOut: Stat;
  diskRead: Stat;
  diskWrite: Stat;
}

/** The samples that carry a value (the API sends null for a gap). */
function column(values: (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}

function stat(values: number[]): Stat {
  if (values.length === 0) return { values, avg: null, max: null, last: null };
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    values,
    avg: sum / values.length,
    max: Math.max(...values),
    last: values[values.length - 1] ?? null,
  };
}

/**
 * CPU samples as percentages. The service reports a 0–1 load fraction (Proxmox style); a series
 * that ever exceeds 1 is taken to be percentages already.
 */
function cpuPercentages(values: number[]): number[] {
  return values.some((v) => v > 1) ? values : values.map((v) => v * 100);
}

/** Reduce the four series; missing or malformed samples are skipped, never fatal. */
export function summarise(series: RrdSeries): MetricsSummary {
  const { cpu, memory, network, disk } = series;
  const memMax = column(memory.map((r) => r.raw_max_memory));
  return {
    samples: Math.max(cpu.length, memory.length, network.length, disk.length),
    cpu: stat(cpuPercentages(column(cpu.map((r) => r.cpu)))),
    memoryUsed: stat(column(memory.map((r) => r.raw_usage_memory))),
    memoryMax: memMax.length ? (memMax[memMax.length - 1] ?? null) : null,
    netIn: stat(column(network.map((r) => r.raw_netin))),
    netOut: stat(column(network.map((r) => r.raw_netout))),
    diskRead: stat(column(disk.map((r) => r.raw_diskread))),
    diskWrite: stat(column(disk.map((r) => r.raw_diskwrite))),
  };
}

function spark(values: number[]): string {
  const line = sparkline(values);
  return line === '' ? '' : `  ${line}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Format several byte counts in the unit of the largest, one decimal each, so one line never mixes units. */
function sameUnit(values: (number | null)[], suffix = '', locale: Locale = 'en'): string[] {
  const largest = Math.max(0, ...values.map((v) => Math.abs(v ?? 0)));
  let i = 0;
  while (largest >= 1024 ** (i + 1) && i < UNITS.length - 1) i += 1;
  return values.map((v) => (v === null ? DASH : `${decimal(v / 1024 ** i, 1, locale)} ${UNITS[i]}${suffix}`));
}

function rateStats(stat: Stat, locale: Locale): string {
  const [avg, max] = sameUnit([stat.avg, stat.max], '/s', locale);
  return t(locale, 'metrics.avgMax', { avg, max });
}

/** One row per metric: label, numbers, and the sparkline values. */
function metricRows(summary: MetricsSummary, locale: Locale): [string, string, number[]][] {
  const { cpu, memoryUsed, memoryMax, netIn, netOut, diskRead, diskWrite } = summary;
  const memPct =
    memoryUsed.last !== null && memoryMax
      ? ` (${percent((memoryUsed.last / memoryMax) * 100, 1, locale)})`
      : '';
  const [memNow, memOf, memPeak] = sameUnit([memoryUsed.last, memoryMax, memoryUsed.max], '', locale);
  return [
    [
      t(locale, 'metrics.cpu'),
      t(locale, 'metrics.avgMax', { avg: percent(cpu.avg, 1, locale), max: percent(cpu.max, 1, locale) }),
      cpu.values,
    ],
    [
      t(locale, 'metrics.memory'),
      t(locale, 'metrics.memoryLine', { now: memNow, of: memOf, pct: memPct, peak: memPeak }),
      memoryUsed.values,
    ],
    [t(locale, 'metrics.netIn'), rateStats(netIn, locale), netIn.values],
    [t(locale, 'metrics.netOut'), rateStats(netOut, locale), netOut.values],
    [t(locale, 'metrics.diskRead'), rateStats(diskRead, locale), diskRead.values],
    [t(locale, 'metrics.diskWrite'), rateStats(diskWrite, locale), diskWrite.values],
  ];
}

/**
 * The same metrics as a monospaced table: labels and numbers padded to one width so every
 * sparkline starts in the same column.
 */
export function metricTable(summary: MetricsSummary, locale: Locale = 'en'): string {
  const rows = metricRows(summary, locale);
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  return rows
    .map(([label, value, values]) => {
      const line = sparkline(values);
      const head = `${label.padEnd(labelWidth)}  ${value}`;
      return line === '' ? head : `${label.padEnd(labelWidth)}  ${value.padEnd(valueWidth)}  ${line}`;
    })
    .join('\n');
}

/** One line of CPU load for the incident card: "avg 12.0% · max 85.3%  ▁▂█▃". */
export function cpuLine(summary: MetricsSummary): string {
  if (summary.cpu.values.length === 0) return DASH;
  return `avg ${percent(summary.cpu.avg)} · max ${percent(summary.cpu.max)}${spark(summary.cpu.values)}`;
}

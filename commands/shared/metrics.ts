// RRD series (spec 2.5) reduced to what an on-call reads at a glance: averages, peaks, the latest
// memory use and a sparkline per metric. Shared by `instance metrics` and `status`.
import type { RrdSeries } from '../../src/api/index.js';
import type { Field } from '../../src/render/message.js';
import { sparkline } from '../../src/render/sparkline.js';
import { bytes, DASH, percent, rate, toNumber } from './format.js';

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

function column(rows: unknown, key: string): number[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .map((row) => (row && typeof row === 'object' ? toNumber((row as Record<string, unknown>)[key]) : null))
    .filter((v): v is number => v !== null);
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
  const s = series as unknown as Record<string, unknown>;
  const cpu = cpuPercentages(column(s.cpu, 'cpu'));
  const memMax = column(s.memory, 'raw_max_memory');
  const lengths = ['cpu', 'memory', 'network', 'disk'].map((k) =>
    Array.isArray(s[k]) ? (s[k] as unknown[]).length : 0,
  );
  return {
    samples: Math.max(0, ...lengths),
    cpu: stat(cpu),
    memoryUsed: stat(column(s.memory, 'raw_usage_memory')),
    memoryMax: memMax.length ? (memMax[memMax.length - 1] ?? null) : null,
    netIn: stat(column(s.network, 'raw_netin')),
    netOut: stat(column(s.network, 'raw_netout')),
    diskRead: stat(column(s.disk, 'raw_diskread')),
    diskWrite: stat(column(s.disk, 'raw_diskwrite')),
  };
}

function spark(values: number[]): string {
  const line = sparkline(values);
  return line === '' ? '' : `  ${line}`;
}

/** "avg 12.0% · max 85.3%  ▁▂█▃" style fields, one per metric. */
export function metricFields(summary: MetricsSummary): Field[] {
  const { cpu, memoryUsed, memoryMax, netIn, netOut, diskRead, diskWrite } = summary;
  const memPct =
    memoryUsed.last !== null && memoryMax ? ` (${percent((memoryUsed.last / memoryMax) * 100)})` : '';
  return [
    { label: 'CPU', value: `avg ${percent(cpu.avg)} · max ${percent(cpu.max)}${spark(cpu.values)}` },
    {
      label: 'Memory',
      value: `${bytes(memoryUsed.last)} of ${bytes(memoryMax)}${memPct} · peak ${bytes(memoryUsed.max)}${spark(memoryUsed.values)}`,
    },
    { label: 'Network in', value: `avg ${rate(netIn.avg)} · max ${rate(netIn.max)}${spark(netIn.values)}` },
    {
      label: 'Network out',
      value: `avg ${rate(netOut.avg)} · max ${rate(netOut.max)}${spark(netOut.values)}`,
    },
    {
      label: 'Disk read',
      value: `avg ${rate(diskRead.avg)} · max ${rate(diskRead.max)}${spark(diskRead.values)}`,
    },
    {
      label: 'Disk write',
      value: `avg ${rate(diskWrite.avg)} · max ${rate(diskWrite.max)}${spark(diskWrite.values)}`,
    },
  ];
}

/** One line of CPU load for the incident card: "avg 12.0% · max 85.3%  ▁▂█▃". */
export function cpuLine(summary: MetricsSummary): string {
  if (summary.cpu.values.length === 0) return DASH;
  return `avg ${percent(summary.cpu.avg)} · max ${percent(summary.cpu.max)}${spark(summary.cpu.values)}`;
}

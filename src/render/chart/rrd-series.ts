// The RRD payload (spec 2.5) is loosely typed by the real service: fields may be null, strings
// or missing, and sample times have no documented format. This module turns whatever arrived
// into plain per-metric samples the chart can draw, without ever throwing on shape surprises.
import { parseQuantity } from './parse-quantity.js';
import { parseSampleTime } from './parse-time.js';

/** One RRD sample as the API may send it: a time plus metric fields of any type. */
export type RrdSample = { time?: unknown } & Record<string, unknown>;

/** The `data` of endpoint 5 (GET /instance/{uuid}/rrd), spec 2.5. */
export interface RrdSeries {
  cpu?: RrdSample[] | null;
  memory?: RrdSample[] | null;
  network?: RrdSample[] | null;
  disk?: RrdSample[] | null;
}

/** One sample after parsing: epoch ms (null when unreadable), the original time text, values. */
export interface Sample {
  time: number | null;
  timeText: string;
  values: (number | null)[];
}

/** One drawable metric group, e.g. network with lines "In" and "Out". */
export interface MetricGroup {
  lines: string[];
  samples: Sample[];
}

/** The four panels of a metrics chart. */
export interface NormalizedRrd {
  cpu: MetricGroup;
  memory: MetricGroup;
  network: MetricGroup;
  disk: MetricGroup;
}

interface FieldSpec {
  line: string;
  /** Preferred raw field first, then the human string field as a fallback. */
  fields: string[];
}

const GROUPS: Record<keyof NormalizedRrd, FieldSpec[]> = {
  cpu: [{ line: 'CPU', fields: ['cpu', 'raw_cpu'] }],
  memory: [
    { line: 'Used', fields: ['raw_usage_memory', 'usage_memory'] },
    { line: 'Max', fields: ['raw_max_memory', 'max_memory'] },
  ],
  network: [
    { line: 'In', fields: ['raw_netin', 'netin'] },
    { line: 'Out', fields: ['raw_netout', 'netout'] },
  ],
  disk: [
    { line: 'Read', fields: ['raw_diskread', 'diskread'] },
    { line: 'Write', fields: ['raw_diskwrite', 'diskwrite'] },
  ],
};

function pick(sample: RrdSample, fields: string[]): number | null {
  for (const field of fields) {
    const value = parseQuantity(sample[field]);
    if (value !== null) return value;
  }
  return null;
}

function timeText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function normalizeGroup(raw: unknown, specs: FieldSpec[]): MetricGroup {
  const list = Array.isArray(raw) ? raw : [];
  const samples: Sample[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const sample = item as RrdSample;
    samples.push({
      time: parseSampleTime(sample.time),
      timeText: timeText(sample.time),
      values: specs.map((spec) => pick(sample, spec.fields)),
    });
  }
  return { lines: specs.map((spec) => spec.line), samples };
}

/** Parses any RRD payload into the four metric groups; unknown shapes give empty groups. */
export function normalizeRrd(series: unknown): NormalizedRrd {
  const source = series !== null && typeof series === 'object' ? (series as Record<string, unknown>) : {};
  return {
    cpu: normalizeGroup(source.cpu, GROUPS.cpu),
    memory: normalizeGroup(source.memory, GROUPS.memory),
    network: normalizeGroup(source.network, GROUPS.network),
    disk: normalizeGroup(source.disk, GROUPS.disk),
  };
}

/** True when a group has at least one drawable value. */
export function hasValues(group: MetricGroup): boolean {
  return group.samples.some((s) => s.values.some((v) => v !== null));
}

// Turns normalized RRD groups into chart panels: values scaled to one display unit per panel,
// samples on a shared time axis (or, when times are unreadable, in arrival order), and a short
// "latest / peak" line so the numbers are readable without squinting at the axis.
import { isMessageKey, t } from '../../i18n/translate.js';
import type { MessageKey } from '../../i18n/catalogue.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { hasValues, type MetricGroup, type NormalizedRrd, type Sample } from './rrd-series.js';
import { byteUnit, formatAxisNumber, type DisplayUnit } from './units.js';

/** One line of a panel: points are [x, y] with x epoch ms (time axis) or a category label. */
export interface PanelLine {
  name: string;
  points: [number | string, number | null][];
  dashed?: boolean;
  area?: boolean;
}

/** One of the four chart panels. */
export interface Panel {
  title: string;
  unit: string;
  lines: PanelLine[];
  /** "latest 12 % · peak 87 %", empty when there is no data. */
  summary: string;
  /** Fixed axis maximum (CPU at 100 %), when the data stays under it. */
  fixedMax?: number;
  empty: boolean;
}

/** The panels plus the x-axis mode they share. */
export interface PanelSet {
  /** True when sample times were readable: x values are epoch ms on a time axis. */
  timeAxis: boolean;
  /** Covered range in epoch ms (time axis only). */
  range?: { start: number; end: number };
  panels: Panel[];
}

function allSamples(rrd: NormalizedRrd): Sample[] {
  return [...rrd.cpu.samples, ...rrd.memory.samples, ...rrd.network.samples, ...rrd.disk.samples];
}

/** Keeps the samples the axis can place: readable times in time order, or all in arrival order. */
function ordered(group: MetricGroup, timeAxis: boolean): Sample[] {
  if (!timeAxis) return group.samples;
  return group.samples.filter((s) => s.time !== null).sort((a, b) => (a.time as number) - (b.time as number));
}

function columnMax(samples: Sample[]): number {
  let max = 0;
  for (const s of samples) for (const v of s.values) if (v !== null && Math.abs(v) > max) max = Math.abs(v);
  return max;
}

function latestAndPeak(samples: Sample[], index: number): { latest: number | null; peak: number | null } {
  let latest: number | null = null;
  let peak: number | null = null;
  for (const s of samples) {
    const v = s.values[index];
    if (v === null || v === undefined) continue;
    latest = v;
    peak = peak === null || v > peak ? v : peak;
  }
  return { latest, peak };
}

interface PanelSpec {
  title: MessageKey;
  unit: (samples: Sample[]) => DisplayUnit;
  /** Index of the line whose latest/peak values the summary shows. */
  summaryLines: number[];
  dashed?: string[];
  area?: string[];
  fixedMax?: number;
}

function buildPanel(group: MetricGroup, spec: PanelSpec, timeAxis: boolean, locale: Locale): Panel {
  const samples = ordered(group, timeAxis);
  const unit = spec.unit(samples);
  const empty = !hasValues({ lines: group.lines, samples });
  const lines = group.lines.map((name, index): PanelLine => ({
    name,
    points: samples.map((s) => {
      const v = s.values[index] ?? null;
      return [timeAxis ? (s.time as number) : s.timeText, v === null ? null : v / unit.factor];
    }),
    dashed: spec.dashed?.includes(name),
    area: spec.area?.includes(name),
  }));
  const parts: string[] = [];
  for (const index of spec.summaryLines) {
    const { latest, peak } = latestAndPeak(samples, index);
    if (latest === null || peak === null) continue;
    const line = group.lines[index] ?? '';
    const lineKey = `chart.line.${line}`;
    const name = spec.summaryLines.length < 2 ? '' : isMessageKey(lineKey) ? t(locale, lineKey) : line;
    const values = {
      latest: formatAxisNumber(latest / unit.factor),
      peak: formatAxisNumber(peak / unit.factor),
      unit: unit.label,
    };
    parts.push(
      name ? t(locale, 'chart.namedLatestPeak', { name, ...values }) : t(locale, 'chart.latestPeak', values),
    );
  }
  const peakMax = columnMax(samples) / unit.factor;
  const fixedMax = spec.fixedMax !== undefined && peakMax <= spec.fixedMax ? spec.fixedMax : undefined;
  return {
    title: t(locale, spec.title),
    unit: unit.label,
    lines,
    summary: parts.join('   '),
    fixedMax,
    empty,
  };
}

const PERCENT: DisplayUnit = { factor: 1, label: '%' };
/** CPU sent as a 0–1 fraction (as Proxmox-style RRD does) is shown in percent. */
const FRACTION: DisplayUnit = { factor: 0.01, label: '%' };

/** Whether CPU values look like a fraction of one (all ≤ 1) rather than a percentage. */
function cpuUnit(samples: Sample[]): DisplayUnit {
  const max = columnMax(samples);
  return max > 0 && max <= 1 ? FRACTION : PERCENT;
}

/** Builds the four panels (CPU, memory, network, disk) from normalized RRD data. */
export function buildPanels(rrd: NormalizedRrd, locale: Locale = DEFAULT_LOCALE): PanelSet {
  const samples = allSamples(rrd);
  const readable = samples.filter((s) => s.time !== null);
  const timeAxis = readable.length > 0 && readable.length * 2 >= samples.length;
  const times = readable.map((s) => s.time as number);
  // reduce, not Math.min(...times): a year of samples could overflow the argument limit.
  const range = timeAxis
    ? { start: times.reduce((a, b) => Math.min(a, b)), end: times.reduce((a, b) => Math.max(a, b)) }
    : undefined;
  const bytes = (perSecond: boolean) => (list: Sample[]) => byteUnit(columnMax(list), perSecond);
  return {
    timeAxis,
    range,
    panels: [
      buildPanel(
        rrd.cpu,
        { title: 'chart.panel.cpu', unit: cpuUnit, summaryLines: [0], area: ['CPU'], fixedMax: 100 },
        timeAxis,
        locale,
      ),
      buildPanel(
        rrd.memory,
        {
          title: 'chart.panel.memory',
          unit: bytes(false),
          summaryLines: [0],
          dashed: ['Max'],
          area: ['Used'],
        },
        timeAxis,
        locale,
      ),
      buildPanel(
        rrd.network,
        { title: 'chart.panel.network', unit: bytes(true), summaryLines: [0, 1] },
        timeAxis,
        locale,
      ),
      buildPanel(
        rrd.disk,
        { title: 'chart.panel.disk', unit: bytes(true), summaryLines: [0, 1] },
        timeAxis,
        locale,
      ),
    ],
  };
}

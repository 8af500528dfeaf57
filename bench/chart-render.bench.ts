// Benchmark of metrics chart rendering (issue 6): time (p50/p99) and memory per chart for each
// periode, as ratios against baselines measured in the same run — laying out the SVG only, and
// rasterising a blank SVG of the same size — so numbers compare across machines.
import { renderMetricsChart, renderMetricsSvg, svgToPng } from '../src/render/chart/index.js';
import { PERIODE_SHAPE, steadySeries, type FixturePeriode } from '../test/fixtures/charts/rrd-fixtures.js';
import { runIfEntry } from './report.js';
import { ROOT, spawnNode } from './support/processes.js';
import { median } from './support/stats.js';

const RUNS = 30;
const WARMUP = 5;
const FRESH_PROCESSES = 5;
const MEMORY_RENDERS = 1_000;

/** Runs bench/support/chart-process.ts in a fresh node and returns its JSON line. */
async function chartProcess<T>(args: string[], nodeFlags: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<T> {
  const child = spawnNode([...nodeFlags, '--import', 'tsx', 'bench/support/chart-process.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  await new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  const line = child.stdout().trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`chart process failed: ${child.stderr().slice(-1500)}`);
  }
}

/** First and second chart in fresh processes (module load included): median over FRESH_PROCESSES. */
async function firstCharts(env: NodeJS.ProcessEnv): Promise<{ loadMs: number; firstMs: number; secondMs: number }> {
  const runs: { loadMs: number; firstMs: number; secondMs: number }[] = [];
  for (let i = 0; i < FRESH_PROCESSES; i += 1) runs.push(await chartProcess(['first'], [], env));
  return {
    loadMs: median(runs.map((r) => r.loadMs)),
    firstMs: median(runs.map((r) => r.firstMs)),
    secondMs: median(runs.map((r) => r.secondMs)),
  };
}

interface Stats {
  p50: number;
  p99: number;
  heapKb: number;
  rssKb: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function measure(task: () => unknown): Promise<Stats> {
  for (let i = 0; i < WARMUP; i += 1) await task();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    await task();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const after = process.memoryUsage();
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    heapKb: (after.heapUsed - before.heapUsed) / 1024 / RUNS,
    rssKb: (after.rss - before.rss) / 1024 / RUNS,
  };
}

const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** Runs the benchmark and returns a table of rows for the bench runner. */
export async function runBench(): Promise<{
  title: string;
  rows: Record<string, string | number>[];
  notes?: string;
}> {
  const blankSvg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760"><rect width="1200" height="760" fill="#1b1d21"/></svg>';
  const blank = await measure(() => svgToPng(blankSvg));
  const rows: Record<string, string | number>[] = [
    {
      case: 'baseline: blank PNG 1200×760',
      p50_ms: round(blank.p50),
      p99_ms: round(blank.p99),
      ratio_p50: 1,
    },
  ];
  for (const periode of Object.keys(PERIODE_SHAPE) as FixturePeriode[]) {
    const input = { title: `web-1 ${periode}`, periode, series: steadySeries(periode) };
    const svgOnly = await measure(() => renderMetricsSvg(input));
    const full = await measure(() => renderMetricsChart(input));
    rows.push({
      case: `${periode}: SVG layout only`,
      p50_ms: round(svgOnly.p50),
      p99_ms: round(svgOnly.p99),
      ratio_p50: round(svgOnly.p50 / blank.p50),
    });
    rows.push({
      case: `${periode}: full PNG`,
      p50_ms: round(full.p50),
      p99_ms: round(full.p99),
      ratio_p50: round(full.p50 / blank.p50),
      vs_svg_only: round(full.p50 / svgOnly.p50),
      heap_kb_per_chart: round(full.heapKb, 1),
      rss_kb_per_chart: round(full.rssKb, 1),
    });
  }
  const dist = `${ROOT}/dist/charts.js`;
  const { existsSync } = await import('node:fs');
  for (const [label, env] of [
    ['sources via tsx', {}],
    ...(existsSync(dist) ? [['dist/charts.js', { CHART_MODULE: dist }] as const] : []),
  ] as const) {
    const fresh = await firstCharts(env);
    rows.push({
      case: `fresh process (${label}): first chart incl. module load`,
      p50_ms: round(fresh.firstMs),
      ratio_p50: round(fresh.firstMs / blank.p50),
      load_ms: round(fresh.loadMs),
      second_ms: round(fresh.secondMs),
    });
  }
  const mem = await chartProcess<{ warm: { heapMb: number; rssMb: number }; end: { heapMb: number; rssMb: number } }>(
    ['memory', String(MEMORY_RENDERS)],
    ['--expose-gc'],
  );
  rows.push({
    case: `memory over ${MEMORY_RENDERS} day charts (after 50 warm-up, gc)`,
    heap_mb_start: round(mem.warm.heapMb, 1),
    heap_mb_end: round(mem.end.heapMb, 1),
    rss_mb_start: round(mem.warm.rssMb, 1),
    rss_mb_end: round(mem.end.rssMb, 1),
  });
  return {
    title: `Chart rendering (${RUNS} renders per case, ${PERIODE_SHAPE.hour.count} samples per series)`,
    rows,
    notes:
      'ratio_p50 is against rasterising a blank SVG of the same size in this run; memory deltas are ' +
      'heap/RSS growth over the runs divided by the run count (run node with --expose-gc for steadier numbers).',
  };
}

await runIfEntry(import.meta.url, runBench);

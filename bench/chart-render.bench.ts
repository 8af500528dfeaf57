// Benchmark of metrics chart rendering (issues 6 and 16): time (p50/p99) per chart for each
// periode as ratios against a baseline measured in the same run — a blank PNG of the same size
// through the same canvas and encoder — plus the first chart in a fresh process and the resident
// memory growth over 1,000 renders, so numbers compare across machines.
import { renderBlankPng, renderMetricsChart, renderMetricsSvg } from '../src/render/chart/index.js';
import { PERIODE_SHAPE, steadySeries, type FixturePeriode } from '../test/fixtures/charts/rrd-fixtures.js';
import { runIfEntry } from './report.js';
import { binLayout, ROOT, spawnNode } from './support/processes.js';
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
  const blank = await measure(() => renderBlankPng());
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
    const svgOnly = await measure(() => renderMetricsSvg(input)); // ECharts layout without any pixels
    const full = await measure(() => renderMetricsChart(input));
    rows.push({
      case: `${periode}: layout only (SVG string)`,
      p50_ms: round(svgOnly.p50),
      p99_ms: round(svgOnly.p99),
      ratio_p50: round(svgOnly.p50 / blank.p50),
    });
    rows.push({
      case: `${periode}: full PNG`,
      p50_ms: round(full.p50),
      p99_ms: round(full.p99),
      ratio_p50: round(full.p50 / blank.p50),
      p99_ratio: round(full.p99 / blank.p99),
      heap_kb_per_chart: round(full.heapKb, 1),
      rss_kb_per_chart: round(full.rssKb, 1),
    });
  }
  const dist = `${ROOT}/dist/charts.js`;
  // dist/ only while it is built from the current sources: a stale build would measure old code.
  const built = (await binLayout()) === 'dist (compiled)';
  for (const [label, env] of [
    ['sources via tsx', {}],
    ...(built ? [['dist/charts.js', { CHART_MODULE: dist }] as const] : []),
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
  const mem = await chartProcess<{
    warm: { heapMb: number; rssMb: number };
    end: { heapMb: number; rssMb: number };
    peakRssMb: number;
  }>(
    ['memory', String(MEMORY_RENDERS)],
    ['--expose-gc'],
    built ? { CHART_MODULE: dist } : {},
  );
  rows.push({
    case: `memory over ${MEMORY_RENDERS} day charts (${built ? 'dist' : 'sources'}; after 200 warm-up, gc)`,
    heap_mb_start: round(mem.warm.heapMb, 1),
    heap_mb_end: round(mem.end.heapMb, 1),
    rss_mb_start: round(mem.warm.rssMb, 1),
    rss_mb_end: round(mem.end.rssMb, 1),
    rss_mb_peak: round(mem.peakRssMb, 1),
    rss_growth_mb: round(mem.end.rssMb - mem.warm.rssMb, 1),
    target: '≈ 0 (no growth)',
  });
  return {
    title: `Chart rendering (${RUNS} renders per case, ${PERIODE_SHAPE.hour.count} samples per series)`,
    rows,
    notes:
      'ratio_p50 / p99_ratio are against a blank 1200×760 PNG through the same canvas and encoder in this run ' +
      '(issue 16 target: full chart ≤ 40 ms p50, first chart in a fresh process < 300 ms, no RSS growth over ' +
      `${MEMORY_RENDERS} renders); per-chart heap/RSS columns are growth over the runs divided by the run count.`,
  };
}

await runIfEntry(import.meta.url, runBench);

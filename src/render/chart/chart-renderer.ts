// The bot-facing chart service (BotServices['renderChart']): renders a chart and keeps a copy
// under <dataDir>/charts so the console, which cannot show images, can print a path.
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChartInput, ChartOutput } from './chart-types.js';
import { renderMetricsChart } from './render-chart.js';
import type { ChartTheme } from './theme.js';

/** Options of the bot's chart service. */
export interface ChartRendererOptions {
  /** Bot data directory; charts go to `<dataDir>/charts/`. */
  dataDir: string;
  theme?: ChartTheme;
  /** How many saved charts to keep; older ones are removed (default 100). */
  keep?: number;
  now?: () => Date;
}

/** Makes a title safe and short for a file name: "web-1 (day)" → "web-1-day". */
export function chartFileSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'chart' : slug;
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.(\d{3})Z$/, '$1Z');
}

async function prune(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.png'));
  if (names.length <= keep) return;
  const withTimes = await Promise.all(
    names.map(async (name) => ({ name, mtime: (await stat(join(dir, name))).mtimeMs })),
  );
  withTimes.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
  for (const old of withTimes.slice(0, withTimes.length - keep)) {
    await unlink(join(dir, old.name)).catch(() => undefined);
  }
}

/** Builds `renderChart` for BotServices: render, save `<dataDir>/charts/<name>.png`, return savedPath. */
export function createChartRenderer(
  options: ChartRendererOptions,
): (input: ChartInput) => Promise<ChartOutput> {
  const dir = join(options.dataDir, 'charts');
  const keep = Math.max(1, options.keep ?? 100);
  const now = options.now ?? (() => new Date());
  let counter = 0;
  return async (input) => {
    const chart = await renderMetricsChart({
      title: input.title,
      periode: input.periode,
      series: input.series,
      theme: options.theme,
      ...(input.locale ? { locale: input.locale } : {}),
    });
    await mkdir(dir, { recursive: true });
    counter = (counter + 1) % 1000;
    const name = `${chartFileSlug(`${input.title}-${input.periode}`)}-${stamp(now())}-${String(counter).padStart(3, '0')}.png`;
    const savedPath = join(dir, name);
    await writeFile(savedPath, chart.png);
    await prune(dir, keep);
    return { ...chart, savedPath };
  };
}

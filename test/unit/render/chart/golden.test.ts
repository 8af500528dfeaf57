import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderMetricsChart, type MetricsChartInput } from '../../../../src/render/chart/index.js';
import { sparseSeries, steadySeries } from '../../../fixtures/charts/rrd-fixtures.js';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'charts');
/** Share of pixels allowed to differ (anti-aliasing across Skia builds and CPUs). */
const MAX_DIFF_RATIO = 0.005;

const CASES: Record<string, MetricsChartInput> = {
  'day-dark': { title: 'web-1 metrics', periode: 'day', series: steadySeries('day') },
  'sparse-light': { title: 'db-2 metrics', periode: 'hour', series: sparseSeries(), theme: 'light' },
};

describe('chart golden images', () => {
  it.each(Object.keys(CASES))('draws %s like the golden image', async (name) => {
    const file = join(GOLDEN_DIR, `${name}.png`);
    const chart = await renderMetricsChart(CASES[name] as MetricsChartInput);
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
      expect(process.env.UPDATE_GOLDEN, `golden ${file} is missing; run with UPDATE_GOLDEN=1`).toBe('1');
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(file, chart.png);
      return;
    }
    const expected = PNG.sync.read(readFileSync(file));
    const actual = PNG.sync.read(Buffer.from(chart.png));
    expect({ width: actual.width, height: actual.height }).toEqual({
      width: expected.width,
      height: expected.height,
    });
    const diff = pixelmatch(expected.data, actual.data, undefined, expected.width, expected.height, {
      threshold: 0.1,
    });
    expect(diff / (expected.width * expected.height)).toBeLessThanOrEqual(MAX_DIFF_RATIO);
  });
});

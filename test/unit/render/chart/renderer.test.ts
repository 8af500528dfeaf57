import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chartFileSlug, createChartRenderer } from '../../../../src/render/chart/index.js';
import { steadySeries } from '../../../fixtures/charts/rrd-fixtures.js';

let dataDir = '';

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vpsops-charts-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('createChartRenderer', () => {
  it('saves the PNG under <dataDir>/charts and returns its path', async () => {
    const render = createChartRenderer({ dataDir, now: () => new Date(Date.UTC(2024, 0, 25, 14, 37)) });
    const chart = await render({ title: 'web-1', periode: 'day', series: steadySeries('day') });
    expect(chart.savedPath).toBeDefined();
    expect(dirname(chart.savedPath as string)).toBe(join(dataDir, 'charts'));
    expect(chart.savedPath).toMatch(/web-1-day-20240125T143700000Z-\d{3}\.png$/);
    expect(new Uint8Array(await readFile(chart.savedPath as string))).toEqual(chart.png);
    expect({ width: chart.width, height: chart.height }).toEqual({ width: 1200, height: 760 });
  });

  it('keeps only the newest charts when a limit is set', async () => {
    const render = createChartRenderer({ dataDir, keep: 2 });
    for (let i = 0; i < 3; i += 1) await render({ title: `web-${i}`, periode: 'hour', series: {} });
    expect(await readdir(join(dataDir, 'charts'))).toHaveLength(2);
  });

  it('never lets a title escape the charts folder', async () => {
    const render = createChartRenderer({ dataDir });
    const chart = await render({ title: '../../etc/passwd', periode: 'hour', series: {} });
    expect(dirname(chart.savedPath as string)).toBe(join(dataDir, 'charts'));
    expect(chartFileSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(chartFileSlug('///')).toBe('chart');
  });
});

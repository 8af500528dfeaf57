import { describe, expect, it } from 'vitest';
import { renderMetricsChart, renderMetricsSvg } from '../../../../src/render/chart/index.js';
import {
  PERIODE_SHAPE,
  sparseSeries,
  spikySeries,
  steadySeries,
  type FixturePeriode,
} from '../../../fixtures/charts/rrd-fixtures.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads width and height from the IHDR chunk, which must come first. */
function pngHeader(png: Uint8Array): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function expectValidPng(input: Parameters<typeof renderMetricsChart>[0]): Promise<void> {
  const chart = await renderMetricsChart(input);
  expect(pngHeader(chart.png)).toEqual({ width: chart.width, height: chart.height });
  expect(chart.width).toBe(1200);
  expect(chart.height).toBe(760);
}

describe('renderMetricsChart', () => {
  it.each(Object.keys(PERIODE_SHAPE) as FixturePeriode[])(
    'renders a valid PNG for the %s periode',
    async (periode) => {
      await expectValidPng({ title: `web-1 ${periode}`, periode, series: steadySeries(periode) });
    },
  );

  it('renders a valid PNG for a sparse series with nulls and strings', async () => {
    await expectValidPng({ title: 'sparse', periode: 'hour', series: sparseSeries() });
  });

  it('renders a valid PNG for an empty payload', async () => {
    await expectValidPng({ title: 'empty', periode: 'day', series: {} });
    await expectValidPng({ title: 'nothing', periode: 'day', series: null });
  });

  it('renders a valid PNG for a spiky series in the light theme', async () => {
    await expectValidPng({ title: 'spiky', periode: 'hour', series: spikySeries(), theme: 'light' });
  });

  it('renders samples whose times cannot be read in arrival order instead of failing', async () => {
    const series = {
      cpu: [
        { time: '14:00', cpu: 10 },
        { time: '14:05', cpu: 20 },
        { time: 'later', cpu: 15 },
      ],
    };
    await expectValidPng({ title: 'odd times', periode: 'hour', series });
    expect(renderMetricsSvg({ title: 'odd times', periode: 'hour', series })).toContain('14:05');
  });
});

describe('chart contents', () => {
  it('labels an hour chart with clock times and a week chart with dates', () => {
    const hour = renderMetricsSvg({ title: 'h', periode: 'hour', series: steadySeries('hour') });
    expect(hour).toMatch(/>1[34]:\d0</);
    const week = renderMetricsSvg({ title: 'w', periode: 'week', series: steadySeries('week') });
    expect(week).toMatch(/>(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} Jan</);
  });

  it('shows network and disk rates in a unit chosen from the raw values', () => {
    const svg = renderMetricsSvg({ title: 'units', periode: 'day', series: steadySeries('day') });
    expect(svg).toContain('Network (KB/s)');
    expect(svg).toContain('Disk I/O (MB/s)');
    expect(svg).toContain('Memory (GB)');
    expect(svg).toContain('CPU (%)');
  });

  it('says "No data" in panels that have nothing to draw', () => {
    const svg = renderMetricsSvg({ title: 'sparse', periode: 'hour', series: sparseSeries() });
    expect(svg.match(/No data/g)).toHaveLength(1);
  });

  it('escapes the title rather than injecting markup into the SVG', () => {
    const svg = renderMetricsSvg({ title: '<script>x</script> & co', periode: 'hour', series: {} });
    expect(svg).not.toContain('<script>');
  });
});

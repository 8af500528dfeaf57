// A chart's words follow the reader's language: the period subtitle, panel titles, legend, summary
// lines, "no data" and the time axis labels — asserted on the chart option, not on pixels.
import { describe, expect, it } from 'vitest';
import { buildChartOption } from '../../../../src/render/chart/chart-option.js';
import { buildPanels } from '../../../../src/render/chart/panels.js';
import { normalizeRrd } from '../../../../src/render/chart/rrd-series.js';
import { palette } from '../../../../src/render/chart/theme.js';
import { formatRange, formatTimeLabel } from '../../../../src/render/chart/time-labels.js';
import type { Locale } from '../../../../src/i18n/locale.js';
import { steadySeries } from '../../../fixtures/charts/rrd-fixtures.js';

interface Titled {
  text?: string;
  subtext?: string;
}

function option(locale: Locale, series: unknown = steadySeries('week')) {
  const built = buildChartOption({
    title: 'web-1',
    periode: 'week',
    set: buildPanels(normalizeRrd(series), locale),
    colors: palette('dark'),
    locale,
  }) as unknown as {
    title: Titled[];
    legend: { data: string[] }[];
    xAxis: { axisLabel: { formatter: (v: number) => string } }[];
    graphic: { elements?: unknown[] } | { style?: { text?: string } }[];
  };
  return built;
}

describe('chart words by locale', () => {
  it('titles, legends and summaries in Indonesian', () => {
    const id = option('id');
    expect(id.title[0]?.subtext).toMatch(/^Satu minggu terakhir · \d+ [A-Z][a-z]{2} \d{4} \d{2}\.\d{2} – /);
    expect(id.title.slice(1).map((t) => t.text?.split(' (')[0])).toEqual([
      'CPU',
      'Memori',
      'Jaringan',
      'I/O disk',
    ]);
    expect(id.title[3]?.subtext).toMatch(/^Masuk terakhir .+ · puncak /);
    expect(id.legend[2]?.data).toEqual(['Masuk', 'Keluar']);
    expect(id.xAxis[0]?.axisLabel.formatter(Date.UTC(2024, 4, 15, 14, 43))).toBe('Rab 15 Mei');
  });

  it('keeps English as it was', () => {
    const en = option('en');
    expect(en.title[0]?.subtext).toMatch(/^Last week · /);
    expect(en.title.slice(1).map((t) => t.text?.split(' (')[0])).toEqual([
      'CPU',
      'Memory',
      'Network',
      'Disk I/O',
    ]);
    expect(en.title[3]?.subtext).toMatch(/^In latest .+ · peak /);
    expect(en.legend[1]?.data).toEqual(['Used', 'Max']);
    expect(en.xAxis[0]?.axisLabel.formatter(Date.UTC(2024, 4, 15, 14, 43))).toBe('Wed 15 May');
  });

  it('writes clock times and months as each language does', () => {
    const start = Date.UTC(2024, 0, 25, 13, 37);
    const end = Date.UTC(2024, 0, 25, 14, 37);
    expect(formatRange(start, end, 'en')).toBe('25 Jan 2024 13:37 – 14:37 UTC');
    expect(formatRange(start, end, 'id')).toBe('25 Jan 2024 13.37 – 14.37 UTC');
    expect(formatTimeLabel(Date.UTC(2024, 7, 17), 'year', 'id')).toBe('Agu 2024');
    expect(formatTimeLabel(Date.UTC(2024, 7, 17, 9, 5), 'hour', 'id')).toBe('09.05');
  });
});

import { describe, expect, it } from 'vitest';
import { measureChartText, registerChartFonts } from '../../../../src/render/chart/rasterize.js';

describe('measureChartText', () => {
  registerChartFonts('Inter');

  it('gives the font size as the line height, whatever fallback fonts the machine has', () => {
    expect(measureChartText('国', '16px Inter').width).toBe(16);
    expect(measureChartText('国', 'bold 22px Inter').width).toBe(22);
  });

  it('measures real text with the bundled font: wider text, wider result; larger size, larger result', () => {
    const short = measureChartText('CPU', '13px Inter').width;
    const long = measureChartText('CPU (%) latest', '13px Inter').width;
    const large = measureChartText('CPU', '26px Inter').width;
    expect(short).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(short);
    expect(large).toBeCloseTo(short * 2, 0);
  });
});

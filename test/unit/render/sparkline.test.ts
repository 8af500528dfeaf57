import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sparkline, SPARKLINE_WIDTH } from '../../../src/render/sparkline.js';

describe('sparkline', () => {
  it('renders an empty series as an empty string', () => {
    expect(sparkline([])).toBe('');
    expect(sparkline([Number.NaN, null, undefined, Infinity])).toBe('');
  });

  it('maps the lowest value to the shortest bar and the highest to the tallest', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe('▁▂▃▄▅▆▇█');
  });

  it('draws a constant series as a flat line', () => {
    expect(sparkline([5, 5, 5])).toBe('▄▄▄');
    expect(sparkline([0, 0])).toBe('▁▁');
  });

  it('skips NaN and null values instead of drawing them', () => {
    expect(sparkline([0, Number.NaN, null, 7])).toBe('▁█');
  });

  it('handles negative values', () => {
    expect(sparkline([-10, 0, 10])).toBe('▁▅█');
  });

  it('averages a long series down to the default width of 24 characters', () => {
    const values = Array.from({ length: 240 }, (_, i) => i);
    const line = sparkline(values);
    expect([...line]).toHaveLength(SPARKLINE_WIDTH);
    expect(line.startsWith('▁')).toBe(true);
    expect(line.endsWith('█')).toBe(true);
  });

  it('resamples to a requested width and keeps short series as they are', () => {
    expect([
      ...sparkline(
        Array.from({ length: 100 }, (_, i) => i % 10),
        10,
      ),
    ]).toHaveLength(10);
    expect([...sparkline([1, 2, 3], 10)]).toHaveLength(3);
  });

  it('keeps a spike visible after resampling when it dominates its bucket', () => {
    const values = [...Array.from({ length: 20 }, () => 1), 100, 100, ...Array.from({ length: 20 }, () => 1)];
    expect(sparkline(values, 21)).toContain('█');
  });

  it('never exceeds the width and only uses bar characters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double(), fc.constant(null)), { maxLength: 200 }),
        fc.integer({ min: 1, max: 60 }),
        (values, width) => {
          const chars = [...sparkline(values, width)];
          expect(chars.length).toBeLessThanOrEqual(width);
          for (const c of chars) expect('▁▂▃▄▅▆▇█').toContain(c);
        },
      ),
    );
  });
});

describe('sparkline with extreme values', () => {
  it('still draws the full range when values are near the largest doubles', () => {
    expect(sparkline([-Number.MAX_VALUE, 0, Number.MAX_VALUE])).toBe('▁▅█');
    expect([...sparkline([Number.MAX_VALUE, Number.MAX_VALUE, 0, 0], 2)]).toEqual(['█', '▁']);
  });
});

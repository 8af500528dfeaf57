// One-line unicode sparklines (▁▂▃▄▅▆▇█) for metrics in plain-text replies and card fields,
// where an image would be too heavy.

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** Default number of characters in a sparkline. */
export const SPARKLINE_WIDTH = 24;

function finiteValues(values: readonly (number | null | undefined)[]): number[] {
  return values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

/** Averages the values into `width` equal buckets (or keeps them as-is when there are fewer). */
function resample(values: number[], width: number): number[] {
  if (values.length <= width) return values;
  const out: number[] = [];
  for (let i = 0; i < width; i += 1) {
    const start = Math.floor((i * values.length) / width);
    const end = Math.max(start + 1, Math.floor(((i + 1) * values.length) / width));
    const count = end - start;
    let mean = 0;
    // Divide before adding so huge values cannot overflow to Infinity.
    for (let j = start; j < end; j += 1) mean += (values[j] as number) / count;
    out.push(mean);
  }
  return out;
}

/**
 * Renders a series as a sparkline so chat replies can show a trend without an image.
 * Non-finite / null values are skipped; series longer than `width` are averaged down;
 * a constant series renders flat (floor when all zero); empty input gives "".
 */
export function sparkline(
  values: readonly (number | null | undefined)[],
  width: number = SPARKLINE_WIDTH,
): string {
  const cleaned = finiteValues(values);
  const size = Number.isFinite(width) ? Math.max(1, Math.floor(width)) : SPARKLINE_WIDTH;
  if (cleaned.length === 0) return '';
  const points = resample(cleaned, size);
  const min = Math.min(...points);
  const max = Math.max(...points);
  // Halved so the span of extreme doubles stays finite.
  const span = max / 2 - min / 2;
  // A flat series has no scale: all-zero reads as the floor, anything else as mid-height.
  if (span === 0) return (max === 0 ? BARS[0] : BARS[3]).repeat(points.length);
  return points
    .map((v) => {
      const index = Math.round(((v / 2 - min / 2) / span) * (BARS.length - 1));
      return BARS[Number.isFinite(index) ? Math.min(BARS.length - 1, Math.max(0, index)) : 0];
    })
    .join('');
}

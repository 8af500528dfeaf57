// Raw RRD values are bytes (memory) and bytes per second (network, disk); a chart axis reads
// best in one human unit per panel, chosen from the largest value shown.

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** A display unit: divide raw values by `factor` and label the axis with `label`. */
export interface DisplayUnit {
  factor: number;
  label: string;
}

/** Picks B/KB/MB/GB… (powers of 1024) so the largest value lands between 1 and 1024. */
export function byteUnit(maxValue: number, perSecond: boolean): DisplayUnit {
  let power = 0;
  const max = Math.abs(maxValue);
  while (power < BYTE_UNITS.length - 1 && max >= 1024 ** (power + 1)) power += 1;
  const label = BYTE_UNITS[power] ?? 'B';
  return { factor: 1024 ** power, label: perSecond ? `${label}/s` : label };
}

/** Formats a value already in display units for axis labels: at most 3 significant digits. */
export function formatAxisNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return String(Number(value.toFixed(decimals)));
}

/** Formats a raw byte count (or rate) in its own best unit, e.g. "1.5 GB" or "320 KB/s". */
export function formatBytes(value: number, perSecond = false): string {
  const unit = byteUnit(value, perSecond);
  return `${formatAxisNumber(value / unit.factor)} ${unit.label}`;
}

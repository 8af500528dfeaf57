// RRD sample values arrive as numbers, numeric strings, null, or human strings with a unit
// ("1.5 GB", "512 KB/s"); charts need plain numbers (bytes for sizes) or null for a gap.

const BYTE_POWERS: Record<string, number> = { k: 1, m: 2, g: 3, t: 4, p: 5 };

/** Turns a sample value into a finite number, or null when it is missing or unreadable. */
export function parseQuantity(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/,/g, '');
  if (text === '') return null;
  const m = /^(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*(?:bytes?|b|([kmgtp])i?b?)?(?:\/s|ps)?\s*%?$/i.exec(text);
  if (!m) return null;
  const base = Number(m[1]);
  if (!Number.isFinite(base)) return null;
  const prefix = m[2]?.toLowerCase();
  if (prefix === undefined) return base;
  return base * 1024 ** (BYTE_POWERS[prefix] ?? 0);
}

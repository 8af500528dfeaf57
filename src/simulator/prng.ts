// Deterministic pseudo-randomness, so seeded data and metrics are plausible yet repeatable.

/** 32-bit FNV-1a hash of a string: a stable seed from ids and timestamps. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A value in [0, 1) determined entirely by the key. */
export function unitNoise(key: string): number {
  // One round of mulberry32 over the hash spreads nearby keys apart.
  let t = (hashString(key) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A uuid-shaped string (version 4 layout) determined by the key, for seeded records. */
export function stableUuid(key: string): string {
  let hex = '';
  for (let i = 0; hex.length < 32; i += 1) hex += hashString(`${key}#${i}`).toString(16).padStart(8, '0');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

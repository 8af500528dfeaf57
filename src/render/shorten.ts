// Shortening that never cuts a character in half: names carry emoji, flags and combining marks,
// and `.slice` on UTF-16 units leaves lone surrogates that Slack and Discord reject or show as �.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const WINDOW_MARGIN = 256;

/** Grapheme clusters of `text` (what a person sees as one character each). */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The longest prefix of whole graphemes whose UTF-16 length is at most `max`. */
export function prefixWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  // Only a window a little past `max` is segmented (linear in `max`, not in the text): clusters
  // that end by `max` are whole in it unless one is longer than the margin (no real emoji is).
  let out = '';
  for (const { segment } of segmenter.segment(text.slice(0, max + WINDOW_MARGIN))) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out;
}

/** `text` cut to at most `max` UTF-16 units (platform limits count those), marked with `ellipsis`. */
export function shorten(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  if (max <= ellipsis.length) return prefixWithin(ellipsis, Math.max(0, max));
  return `${prefixWithin(text, max - ellipsis.length)}${ellipsis}`;
}

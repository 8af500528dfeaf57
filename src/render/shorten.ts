// Shortening that never cuts a character in half: names carry emoji, flags and combining marks,
// and `.slice` on UTF-16 units leaves lone surrogates that Slack and Discord reject or show as �.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Grapheme clusters of `text` (what a person sees as one character each). */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The longest prefix of whole graphemes whose UTF-16 length is at most `max`. */
export function prefixWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  // Only the first max + 1 units matter: a cluster cut off by that slice ends past `max` anyway,
  // and segmenting lazily keeps this linear in `max`, not in the length of the text.
  let out = '';
  for (const { segment } of segmenter.segment(text.slice(0, max + 1))) {
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

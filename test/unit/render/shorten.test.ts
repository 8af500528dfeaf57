// Grapheme-safe shortening: never half an emoji (surrogate pair, ZWJ sequence, flag), always within
// the limit, and the same answer as segmenting the whole text, at every cut point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemes, prefixWithin, shorten } from '../../../src/render/shorten.js';

/** The obvious definition: whole clusters of the whole text while they fit. */
function reference(text: string, max: number): string {
  let out = '';
  for (const g of graphemes(text)) {
    if (out.length + g.length > max) break;
    out += g;
  }
  return out;
}

const PIECES = ['a', 'é', 'e\u0301', '🦄', '👩‍💻', '👨‍👩‍👧‍👦', '🇮🇩', '🏳️‍🌈', '*', '_', '-', ' '];

describe('grapheme-safe shortening', () => {
  it('keeps whole clusters only, at every cut point of emoji-heavy text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        for (let max = 0; max <= text.length + 1; max += 1) {
          expect(prefixWithin(text, max)).toBe(reference(text, max));
          const short = shorten(text, max);
          expect(short.length).toBeLessThanOrEqual(Math.max(max, 0));
          expect(short).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('leaves text that fits alone and marks a cut with an ellipsis', () => {
    expect(shorten('web-1', 5)).toBe('web-1');
    expect(shorten('web-1🦄', 6)).toBe('web-1…');
    expect(shorten('🇮🇩🇮🇩', 4)).toBe('…');
    expect(shorten('🇮🇩🇮🇩', 5)).toBe('🇮🇩…');
  });
});

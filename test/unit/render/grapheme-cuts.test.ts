// Every place that cuts text for a platform cuts on grapheme boundaries (src/render/shorten.ts, the
// one mechanism): over random Unicode — astral characters, emoji ZWJ sequences, flags, combining
// marks and stray surrogates — each cut stays within its limit, keeps only whole graphemes of the
// text (plus its "…"), and never leaves a lone surrogate in text that had none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fit, fitEscaped } from '../../../adapters/discord/limits.js';
import { cutEscaped, fitPlain } from '../../../adapters/slack/escape.js';
import { apiMessageOf } from '../../../src/api/failures.js';
import { redactArgs } from '../../../src/core/audit/audit.js';
import { completeInstances } from '../../../src/core/instances/instance-names.js';
import { unknownName } from '../../../src/core/instances/ref-refusals.js';
import { completeSeenIds, rememberSeenIds } from '../../../src/core/instances/seen-ids.js';
import { createPolicy } from '../../../src/core/policy/policy.js';
import { graphemes, prefixWithin, shorten } from '../../../src/render/shorten.js';
import { wrapCell } from '../../../src/render/table-layout.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PIECES = ['🦄', '👩‍💻', '👨‍👩‍👧‍👦', '🇮🇩', '🏳️‍🌈', 'e\u0301', '\u200d', '\uFE0F', '𝔘', 'a', '-', ' '];

/** Random Unicode: whole code points of every plane, grapheme clusters, emoji pieces, and sometimes a stray surrogate. */
const unicodeText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.constantFrom(...PIECES),
      fc.constantFrom('\uD83D', '\uDE00'),
    ),
    { maxLength: 80 },
  )
  .map((parts) => parts.join(''));

/** `cut` of `text` keeps a prefix of whole graphemes (plus `…`), and no lone surrogate unless the text had one. */
function expectWholeGraphemes(text: string, cut: string, max: number): void {
  expect(cut.length).toBeLessThanOrEqual(max);
  const kept = cut.endsWith('…') && !text.startsWith(cut) ? cut.slice(0, -1) : cut;
  const whole = graphemes(text);
  let prefix = '';
  for (const g of whole) {
    if (prefix.length >= kept.length) break;
    prefix += g;
  }
  expect(prefix).toBe(kept);
  if (!LONE.test(text)) expect(cut).not.toMatch(LONE);
}

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('every cut for every platform keeps whole graphemes', () => {
  it('the one mechanism, and the platform cuts built on it (Discord fit, Slack plain text and mrkdwn)', () => {
    fc.assert(
      fc.property(unicodeText, fc.integer({ min: 1, max: 120 }), (text, max) => {
        expectWholeGraphemes(text, prefixWithin(text, max), max);
        expectWholeGraphemes(text, shorten(text, max), max);
        expectWholeGraphemes(text, fit(text, max), max);
        expectWholeGraphemes(text, fitPlain(text, max), max);
        // Escaping adds characters of its own: only the limit and the surrogates are checked there.
        for (const cut of [fitEscaped(text, max), cutEscaped(text, max)]) {
          expect(cut.length).toBeLessThanOrEqual(max);
          if (!LONE.test(text)) expect(cut).not.toMatch(LONE);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("Discord autocomplete's instance names (hostnames of emoji), at most 100 characters", async () => {
    await fc.assert(
      fc.asyncProperty(unicodeText, unicodeText, async (head, tail) => {
        const hostname = head + tail;
        fc.pre(hostname.trim() !== '');
        const store = createMemoryStore();
        await store.hostnames.remember(uuidOf(1), hostname);
        const choices = await completeInstances('', { policy: createPolicy(null, null), store });
        for (const choice of choices) {
          expect(choice.name.length).toBeLessThanOrEqual(100);
          if (!LONE.test(hostname)) expect(choice.name).not.toMatch(LONE);
        }
      }),
      { numRuns: 100 },
    );
    // The review's case: a name of emoji whose 100th character is half of one.
    const emoji = `x${'🦄'.repeat(60)}`;
    const store = createMemoryStore();
    await store.hostnames.remember(uuidOf(1), emoji);
    const [choice] = await completeInstances('', { policy: createPolicy(null, null), store });
    expectWholeGraphemes(`${emoji} (hostname · 00000000)`, choice?.name ?? '', 100);
  });

  it('seen ids: stored labels (60) and their completion names (100)', async () => {
    await fc.assert(
      fc.asyncProperty(unicodeText, async (label) => {
        const store = createMemoryStore();
        await rememberSeenIds(store, 'backup', [{ id: 'bk-1', label }], 1_000);
        const [choice] = await completeSeenIds(store, 'backup', '');
        expect(choice?.name.length).toBeLessThanOrEqual(100);
        if (!LONE.test(label)) expect(choice?.name).not.toMatch(LONE);
      }),
      { numRuns: 100 },
    );
    const label = `x${'🦄'.repeat(40)}`;
    const store = createMemoryStore();
    await rememberSeenIds(store, 'backup', [{ id: 'bk-1', label }], 1_000);
    const [choice] = await completeSeenIds(store, 'backup', '');
    expect(choice?.name).not.toMatch(LONE);
    expect(choice?.name).toMatch(/^x(?:🦄)+… \(backup · bk-1\)$/u);
  });

  it('audit arguments (200), API messages (300), unknown names (40) and table cells wrapped by width', () => {
    fc.assert(
      fc.property(unicodeText, fc.integer({ min: 1, max: 40 }), (text, width) => {
        const argument = redactArgs(undefined, { text: text.repeat(4) })['text'];
        expectWholeGraphemes(text.repeat(4), String(argument), 201);
        const said = apiMessageOf(JSON.stringify({ message: text.repeat(6) }), 'key-never-said');
        if (said !== undefined) expectWholeGraphemes(text.repeat(6).trim(), said, 300);
        const refusal = unknownName(text, [], false, 'en');
        if (!LONE.test(text)) expect(refusal.message).not.toMatch(LONE);
        const lines = wrapCell(text, width);
        for (const line of lines) {
          expect(graphemes(line).length).toBeLessThanOrEqual(width);
          if (!LONE.test(text)) expect(line).not.toMatch(LONE);
        }
      }),
      { numRuns: 300 },
    );
  });
});

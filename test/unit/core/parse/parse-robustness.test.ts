// Property tests for the text parser: no input, however odd, makes it throw, and the tokenizer
// handles escapes and mixed quotes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../../../src/core/parse/parse.js';
import type { ParseHints } from '../../../../src/core/parse/parse-args.js';
import { createRegistry } from '../../../../src/core/parse/registry.js';
import { tokenize } from '../../../../src/core/parse/tokenize.js';
import { fakeCommands, SNAP } from '../../../support/core-fakes.js';

const registry = createRegistry(fakeCommands());
const unbound: ParseHints = { hasBinding: false, looksLikeInstance: () => false };

describe('robustness', () => {
  it('never throws on arbitrary text and always yields a command or a usage message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (text, hasBinding) => {
        const result = parseInput({ kind: 'text', text }, registry, {
          hasBinding,
          looksLikeInstance: () => false,
        });
        if (result.ok) expect(registry.byPath(result.parsed.path)).toBeDefined();
        else expect(result.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary command-shaped text', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'instance',
        'show',
        'stop',
        'delete',
        'backup',
        'list',
        '--page',
        '--remove-ip',
        '--',
        '"',
        "'",
        '--page=',
        'web-1',
        SNAP,
        '/vps',
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (words) => {
        const result = parseInput({ kind: 'text', text: words.join(' ') }, registry, unbound);
        expect(result.ok || result.error.message.length > 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tokenizes backslash escapes and mixed quotes', () => {
    const result = tokenize(String.raw`a\ b "c \"d\"" 'e'f`);
    expect(result.ok && result.tokens.map((t) => t.text)).toEqual(['a b', 'c "d"', 'ef']);
  });
});

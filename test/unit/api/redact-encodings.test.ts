// Property tests for secret redaction: a generated secret, embedded in generated text in any of the
// encodings an API error or a library can echo it in, never survives — in the API client's error
// messages, the logger's lines, the audit log, or a reply.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiMessageOf } from '../../../src/api/failures.js';
import { createRedactor, MIN_FRAGMENT_RUN, redactDeep, REDACTED } from '../../../src/api/redact.js';
import { createLogger } from '../../../src/logger.js';

/** Secrets shaped like real keys and tokens: 12–60 characters of the usual alphabets. */
const secretArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{12,60}$/),
  fc.stringMatching(/^xox[bp]-[0-9]{6,12}-[A-Za-z0-9]{12,24}$/),
  fc.stringMatching(/^[A-Za-z0-9+/=.:@!$&'()*,;~ -]{12,40}$/),
  fc.string({ unit: 'grapheme', minLength: 12, maxLength: 30 }),
);

/** Every way the secret can come back. */
const ENCODINGS: Record<string, (secret: string) => string> = {
  verbatim: (s) => s,
  'upper-cased': (s) => s.toUpperCase(),
  'lower-cased': (s) => s.toLowerCase(),
  'URL-encoded': (s) => encodeURIComponent(s),
  'URL-encoded, upper-cased': (s) => encodeURIComponent(s).toUpperCase(),
  'form-encoded': (s) => new URLSearchParams({ k: s }).toString().slice(2),
  'double URL-encoded': (s) => encodeURIComponent(encodeURIComponent(s)),
  'every byte percent-encoded': (s) =>
    [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  base64: (s) => Buffer.from(s, 'utf8').toString('base64'),
  base64url: (s) => Buffer.from(s, 'utf8').toString('base64url'),
  'base64 after one byte': (s) => Buffer.from(`:${s}`, 'utf8').toString('base64'),
  'base64 after two bytes': (s) => Buffer.from(`u:${s}`, 'utf8').toString('base64'),
  'base64 of the upper-cased secret': (s) => Buffer.from(s.toUpperCase(), 'utf8').toString('base64'),
  'JSON-escaped': (s) => JSON.stringify(s).slice(1, -1),
  'JSON-escaped twice': (s) => JSON.stringify(JSON.stringify(s)).slice(1, -1),
  hex: (s) => Buffer.from(s, 'utf8').toString('hex'),
  'hex, upper-cased': (s) => Buffer.from(s, 'utf8').toString('hex').toUpperCase(),
  'HTML hex entities': (s) => [...s].map((c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join(''),
  'HTML hex entities, upper-cased': (s) =>
    [...s].map((c) => `&#X${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()};`).join(''),
  'with zero-width characters inside': (s) => [...s].join('\u200B'),
  'with mixed invisible characters inside': (s) =>
    [...s].map((c, i) => `${c}${['\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'][i % 5]}`).join(''),
  reversed: (s) => [...s].reverse().join(''),
  'base64 of its hex': (s) => Buffer.from(Buffer.from(s, 'utf8').toString('hex')).toString('base64'),
  'base64 of its upper-cased hex': (s) =>
    Buffer.from(Buffer.from(s, 'utf8').toString('hex').toUpperCase()).toString('base64'),
  '\\u-escaped': (s) =>
    [...s].map((c) => (c.length === 1 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join(''),
};

const surroundings = fc.tuple(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', '"', '=', '/', '?key=', 'Basic ', '\n'),
  fc.string({ maxLength: 20 }),
);

/** Whether the encoded secret is still recoverable from the text (what redaction must prevent). */
function leaks(text: string, encoded: string): boolean {
  return text.includes(encoded);
}

describe('createRedactor', () => {
  // One redactor per drawn secret, put to every encoding: building one (and V8 compiling its
  // patterns on first use) is what costs, so a property per encoding (25 × 150 builds) took 22 s
  // in CI for the same checks. Each encoding still meets 150 secrets per run. The whole cost now
  // sits in this one test (an estimated 8 s in CI, over 30 s on a loaded machine): hence its timeout.
  it('removes a secret that comes back in any of its encodings', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(secretArb, surroundings, (secret, [before, glue, after]) => {
        const redact = createRedactor([secret]);
        for (const [name, encode] of Object.entries(ENCODINGS)) {
          const encoded = encode(secret);
          // The surroundings themselves holding the encoded secret would leave it there legitimately.
          if (before.includes(encoded) || after.includes(encoded)) continue;
          const out = redact(`${before}${glue}${encoded}${glue}${after}`);
          expect(leaks(out, encoded), `comes back ${name}`).toBe(false);
          expect(out, `comes back ${name}`).toContain(REDACTED);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('removes every run of 12 or more of its characters: prefix, suffix or middle', () => {
    fc.assert(
      fc.property(
        secretArb,
        surroundings,
        fc.nat(),
        fc.nat(),
        (secret, [before, glue, after], startSeed, lengthSeed) => {
          const chars = [...secret];
          const length = MIN_FRAGMENT_RUN + (lengthSeed % (chars.length - MIN_FRAGMENT_RUN + 1));
          const start = startSeed % (chars.length - length + 1);
          const run = chars.slice(start, start + length).join('');
          const out = createRedactor([secret])(`${before}${glue}${run}${glue}${after}`);
          // What is left of the run: no 12 consecutive characters of the secret.
          const window = (i: number) => chars.slice(i, i + MIN_FRAGMENT_RUN).join('');
          for (let i = 0; i + MIN_FRAGMENT_RUN <= chars.length; i += 1) {
            fc.pre(!before.includes(window(i)) && !after.includes(window(i)));
            expect(out).not.toContain(window(i));
          }
          expect(out).toContain(REDACTED);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves text without the secret untouched', () => {
    fc.assert(
      fc.property(secretArb, fc.string({ maxLength: 200 }), (secret, text) => {
        fc.pre(!text.toLowerCase().includes(secret.toLowerCase().slice(0, 8)));
        expect(createRedactor([secret])(text)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('ignores secrets too short to match safely, and empty or missing ones', () => {
    const redact = createRedactor(['s', 'dt', '', undefined, null]);
    expect(redact('status: dt is set')).toBe('status: dt is set');
  });

  it('redacts several secrets at once and every string of a message, keeping binary data', () => {
    const key = 'sim_0123456789abcdef01234567';
    // Built at run time so the source holds nothing that looks like a real Slack token.
    const token = ['xoxb', '123456789', 'abcdefghijklmnop'].join('-');
    const redact = createRedactor([key, token]);
    const png = new Uint8Array([137, 80, 78, 71]);
    const message = {
      title: `key ${key.toUpperCase()}`,
      blocks: [{ type: 'text', text: `token=${encodeURIComponent(token)}` }],
      attachments: [{ png }],
    };
    const out = redactDeep(message, redact);
    expect(JSON.stringify(out)).not.toContain(key.toUpperCase());
    expect(JSON.stringify(out)).not.toContain(token);
    expect(out.attachments[0]!.png).toBe(png);
  });
});

describe('where secrets could leak', () => {
  it('an API error message echoing the key in any encoding is redacted before it reaches a reply', () => {
    fc.assert(
      fc.property(secretArb, fc.constantFrom(...Object.values(ENCODINGS)), (key, encode) => {
        const body = JSON.stringify({ message: `Invalid key ${encode(key)} for this account.` });
        const message = apiMessageOf(body, key) ?? '';
        expect(leaks(message, encode(key).slice(0, 300))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a log line carrying a secret in a message or error text is redacted', () => {
    const secret = ['xoxb', '2222222222', 'SECRETSECRETSECRET'].join('-');
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger({ destination, secrets: [secret] });
    logger.warn(
      { detail: `url /api?token=${encodeURIComponent(secret)}` },
      `failed: ${secret.toUpperCase()}`,
    );
    logger.error({ err: new Error(`auth ${Buffer.from(secret).toString('base64')}`) }, 'boom');
    const text = lines.join('');
    expect(text).not.toContain(secret.toUpperCase());
    expect(text).not.toContain(encodeURIComponent(secret));
    expect(text).not.toContain(Buffer.from(secret).toString('base64'));
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(3);
  });
});

// Redaction of secrets in every encoding they can come back in: an API error that echoes the key
// upper-cased, URL-encoded, form-encoded, JSON- or \u-escaped, HTML entities, hex, reversed, with
// zero-width characters slipped in, cut to a run of 12 of its characters, or base64 (at any byte
// alignment, e.g. inside "Basic …", and of its hex). Pure functions, shared by the API client, the
// logger, replies and audit.

/** What every secret is replaced with. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are only matched literally (their encodings would match noise). */
const MIN_ENCODED_LENGTH = 6;
/** Base64 fragments shorter than this are not matched (too likely to occur by chance). */
const MIN_BASE64_FRAGMENT = 8;

/** Secrets no shorter than this are also matched by any run of this many of their characters. */
export const MIN_FRAGMENT_RUN = 12;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Invisible characters that can be slipped between a secret's characters without changing how it reads. */
const ZERO_WIDTH = '[\\u00AD\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\uFEFF]*';

const HAS_ZERO_WIDTH = new RegExp(ZERO_WIDTH.slice(0, -1), 'u');

/** The pattern of `text` allowing zero-width characters between any two of its characters. */
const withZeroWidth = (text: string) => [...text].map(escapeRegExp).join(ZERO_WIDTH);

/** Every run of MIN_FRAGMENT_RUN characters (code points) of the secret: a prefix, suffix or middle. */
export function fragmentRuns(secret: string): string[] {
  const chars = [...secret];
  if (chars.length <= MIN_FRAGMENT_RUN) return [];
  const runs = new Set<string>();
  for (let start = 0; start + MIN_FRAGMENT_RUN <= chars.length; start += 1)
    runs.add(chars.slice(start, start + MIN_FRAGMENT_RUN).join(''));
  return [...runs];
}

const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** URL-encoding of every byte that is not unreserved, for secrets a client over-encodes. */
function encodeAll(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** \u-escapes of every character, as some JSON serialisers write them. */
function unicodeEscaped(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code > 0xffff ? JSON.stringify(ch).slice(1, -1) : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .join('');
}

/** Text encodings of a secret, matched without regard to case (hex digits and upper-casing vary). */
export function textVariants(secret: string): string[] {
  // Upper/lower-cased forms are listed too: some case mappings change length ("ß" → "SS").
  const variants = new Set([secret, secret.toUpperCase(), secret.toLowerCase()]);
  if (secret.length >= MIN_ENCODED_LENGTH) {
    const uri = encodeURIComponent(secret);
    variants.add(uri);
    variants.add(uri.replace(/%20/g, '+'));
    variants.add(new URLSearchParams({ k: secret }).toString().slice(2));
    variants.add(encodeURIComponent(uri));
    variants.add(encodeAll(secret));
    const json = JSON.stringify(secret).slice(1, -1);
    variants.add(json);
    variants.add(json.replace(/\//g, '\\/'));
    variants.add(JSON.stringify(json).slice(1, -1));
    variants.add(unicodeEscaped(secret));
    variants.add(secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    const codes = [...secret].map((ch) => ch.codePointAt(0) ?? 0);
    variants.add(codes.map((code) => `&#x${code.toString(16)};`).join(''));
    variants.add(codes.map((code) => `&#${code};`).join(''));
    variants.add(hexOf(secret));
    variants.add([...secret].reverse().join(''));
  }
  return [...variants].filter((v) => v.length > 0);
}

/**
 * The parts of base64 (standard and URL-safe, of the secret and of its case variants) that do not
 * depend on the surrounding bytes, for each of the three alignments the secret can start at.
 */
export function base64Variants(secret: string): string[] {
  if (secret.length < MIN_ENCODED_LENGTH) return [];
  const out = new Set<string>();
  const hex = hexOf(secret);
  const forms = [secret, secret.toUpperCase(), secret.toLowerCase(), hex, hex.toUpperCase()];
  for (const form of new Set(forms)) {
    const bytes = Buffer.from(form, 'utf8');
    for (let offset = 0; offset < 3; offset += 1) {
      const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
      const encoded = padded.toString('base64');
      const start = offset === 0 ? 0 : 4;
      const end = Math.floor(padded.length / 3) * 4;
      const stable = encoded.slice(start, end);
      if (stable.length < MIN_BASE64_FRAGMENT) continue;
      out.add(stable);
      out.add(stable.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...out];
}

/** A function replacing every known secret, in any of its encodings, by "[redacted]". */
export type Redactor = (text: string) => string;

/**
 * Builds the redactor for a set of secrets (empty and duplicate entries are ignored). Secrets
 * shorter than `minLength` (default 8) are skipped: matching "s" or "dt" anywhere in free text
 * would shred every message, and no real key or token is that short.
 */
export function createRedactor(
  secrets: readonly (string | undefined | null)[],
  options: { minLength?: number } = {},
): Redactor {
  const min = Math.max(1, options.minLength ?? 8);
  const list = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= min))];
  if (list.length === 0) return (text) => text;
  const alternation = (items: string[], pattern: (item: string) => string = escapeRegExp) =>
    [...new Set(items)]
      .sort((a, b) => b.length - a.length)
      .map(pattern)
      .join('|');
  const variants = list.flatMap(textVariants);
  const runs = list.flatMap(fragmentRuns);
  // `u`: case-insensitive matching then folds every Unicode letter, not only those of the BMP.
  const insensitive = new RegExp(alternation(variants), 'giu');
  // Runs apart and without `u`: a long alternation is several times faster that way (log lines).
  const partial = runs.length > 0 ? new RegExp(alternation(runs), 'gi') : null;
  // Tolerating invisible characters makes the pattern slow: only for the rare text that has one.
  let invisible: RegExp | undefined;
  const invisibleOf = () =>
    (invisible ??= new RegExp(alternation([...variants, ...runs], withZeroWidth), 'giu'));
  const base64 = list.flatMap(base64Variants);
  const sensitive = base64.length > 0 ? new RegExp(alternation(base64), 'gu') : null;
  return (text) => {
    let out = text.replace(insensitive, REDACTED);
    if (partial) out = out.replace(partial, REDACTED);
    if (HAS_ZERO_WIDTH.test(out)) out = out.replace(invisibleOf(), REDACTED);
    return sensitive ? out.replace(sensitive, REDACTED) : out;
  };
}

/** A copy of a JSON-like value with every string passed through the redactor (binary data kept). */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, redact)) as T;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, redact);
  return out as T;
}

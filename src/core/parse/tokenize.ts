// Shell-like tokenising of command text: whitespace separates, single and double quotes group
// (also the curly quotes chat clients substitute), backslash escapes. Never throws.

/** One token and whether any part of it was quoted (quoted tokens are never flags). */
export interface Token {
  text: string;
  quoted: boolean;
}

const OPEN_DOUBLE = new Set(['"', '“', '„']);
/** Opening quote → its closing quote (a Map: no input character can reach the object prototype). */
const CLOSE_FOR = new Map([
  ['"', '"'],
  ['“', '”'],
  ['„', '“'],
  ["'", "'"],
  ['‘', '’'],
]);

/** Splits text into tokens, or names the quote left unclosed. */
export function tokenize(input: string): { ok: true; tokens: Token[] } | { ok: false; quote: string } {
  const tokens: Token[] = [];
  let current = '';
  let quoted = false;
  let inToken = false;
  const chars = [...input];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    if (/\s/.test(ch)) {
      if (inToken) tokens.push({ text: current, quoted });
      current = '';
      quoted = false;
      inToken = false;
      continue;
    }
    inToken = true;
    if (ch === '\\' && i + 1 < chars.length) {
      current += chars[(i += 1)]!;
      continue;
    }
    const close = CLOSE_FOR.get(ch);
    if (close !== undefined && (OPEN_DOUBLE.has(ch) || ch === "'" || ch === '‘')) {
      const double = OPEN_DOUBLE.has(ch);
      let j = i + 1;
      let value = '';
      while (j < chars.length && chars[j] !== close && !(double && ch === '“' && chars[j] === '"')) {
        if (double && chars[j] === '\\' && j + 1 < chars.length) j += 1;
        value += chars[j]!;
        j += 1;
      }
      // The caller says so in the asker's language (parse.unclosedQuote).
      if (j >= chars.length) return { ok: false, quote: ch };
      current += value;
      quoted = true;
      i = j;
      continue;
    }
    current += ch;
  }
  if (inToken) tokens.push({ text: current, quoted });
  return { ok: true, tokens };
}

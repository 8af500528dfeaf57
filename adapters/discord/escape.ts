// The neutral Message carries plain text; Discord markdown would turn user-provided text into
// mentions (<@id>, @everyone), masked links, headings or spoilers. These helpers make it inert.

const INLINE = /[\\*_~`|<>[\]@]/g;
const LINE_MARKER = /^(\s*)([#+-])(?=[\s#])/gm;
const LINE_NUMBER = /^(\s*\d+)\.(?=\s)/gm;

/** Escapes markdown, mentions and links so the text displays exactly as written. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE, '\\$&')
    .replace(/:\/\//g, '\\://')
    .replace(LINE_MARKER, '$1\\$2')
    .replace(LINE_NUMBER, '$1\\.');
}

/** Makes text safe inside a ``` fence: no run of backticks can close the fence early. */
export function escapeCodeBlock(text: string): string {
  return text.replace(/`/g, '`\u200b');
}

const CODE_SPAN = /`([^`\n]+)`/g;

/**
 * Like escapeMarkdown, but a `backticked` span (how commands quote a command or a name) stays an
 * inline code span, as Slack shows it, instead of showing escaped backticks. Inside inline code
 * Discord parses no markdown, mentions or links, so the span's text stays inert.
 */
export function escapeMarkdownKeepCode(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    out += escapeMarkdown(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + escapeMarkdown(text.slice(last));
}

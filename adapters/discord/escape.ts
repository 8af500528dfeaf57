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

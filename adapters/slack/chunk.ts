// Splits long plain text into escaped pieces that each fit one Block Kit text object, breaking at
// line ends where possible, so a long table or log never makes Slack reject the whole message.

/** Escaped chunks of `raw`, each at most `max` characters after `escape`. */
export function chunkText(raw: string, max: number, escape: (text: string) => string): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let currentLength = 0;
  const flush = () => {
    if (current.length > 0) chunks.push(current.join('\n'));
    current = [];
    currentLength = 0;
  };
  for (const line of raw.split('\n')) {
    for (const piece of splitLine(escape(line), max, escape, line)) {
      const added = current.length === 0 ? piece.length : piece.length + 1;
      if (currentLength + added > max) flush();
      current.push(piece);
      currentLength += current.length === 1 ? piece.length : piece.length + 1;
    }
  }
  flush();
  return chunks.length > 0 ? chunks : [''];
}

/** One line as escaped pieces of at most `max` characters, split by code points of the raw line. */
function splitLine(escaped: string, max: number, escape: (text: string) => string, raw: string): string[] {
  if (escaped.length <= max) return [escaped];
  const pieces: string[] = [];
  let piece = '';
  for (const char of raw) {
    const next = escape(char);
    if (piece.length + next.length > max) {
      pieces.push(piece);
      piece = '';
    }
    piece += next;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

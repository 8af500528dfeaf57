// Everything the neutral Message carries is plain text; in Slack mrkdwn `<…>` is markup
// (<!channel>, <@U123>, <https://x|y>), so these helpers make user-provided text inert.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Escapes `&`, `<` and `>` so text can never become a mention, broadcast or link in mrkdwn. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c] ?? c);
}

/** Cuts already-escaped text to `max` characters without splitting an entity or a surrogate pair. */
export function cutEscaped(escaped: string, max: number): string {
  if (escaped.length <= max) return escaped;
  let cut = escaped.slice(0, Math.max(0, max - 1));
  cut = cut.replace(/&[a-z]{0,3}$/, '');
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Escapes plain text and fits it into `max` characters of mrkdwn. */
export function fitMrkdwn(text: string, max: number): string {
  return cutEscaped(escapeMrkdwn(text), max);
}

/** Plain-text objects (headers, buttons, modal labels) are not parsed; only their length matters. */
export function fitPlain(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Makes text safe inside a ``` fence: escaped, and no run of backticks can close the fence early. */
export function escapeCode(text: string): string {
  return escapeMrkdwn(text).replace(/`/g, '`\u200b');
}

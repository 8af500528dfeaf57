// Everything the neutral Message carries is plain text; in Slack mrkdwn `<…>` is markup
// (<!channel>, <@U123>, <https://x|y>) and `*`, `_`, `~` turn text bold, italic or struck. These
// helpers make user-provided text inert: `&<>` become entities, and since mrkdwn has no escape for
// the others, each one is wrapped in zero-width joiners, which stops it from opening or closing a
// style (it looks the same). A `backticked` span — how commands quote a name — stays inline code.
import { prefixWithin, shorten } from '../../src/render/shorten.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ZWJ = '\u200d';
const CODE_SPAN = /`[^`\n]+`/g;

/** Escapes `&`, `<` and `>` only (inside code, where nothing else is parsed). */
export function escapeEntities(text: string): string {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c] ?? c);
}

/** Escapes `&<>` and neutralises `*`, `_`, `~` and stray backticks outside code spans. */
function escapePlain(text: string): string {
  return escapeEntities(text).replace(/[*_~`]/g, (c) => `${ZWJ}${c}${ZWJ}`);
}

/** Escapes text so it can never become a mention, broadcast, link or style in mrkdwn. */
export function escapeMrkdwn(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    out += escapePlain(text.slice(last, match.index)) + escapeEntities(match[0]);
    last = match.index + match[0].length;
  }
  return out + escapePlain(text.slice(last));
}

/** Cuts already-escaped text to `max` characters without splitting an entity, a neutralised mark or an emoji. */
export function cutEscaped(escaped: string, max: number): string {
  if (escaped.length <= max) return escaped;
  let cut = prefixWithin(escaped, Math.max(0, max - 1));
  cut = cut.replace(/&[a-z]{0,3}$/, '').replace(/\u200d[*_~`]$/, '');
  // An unclosed code span would swallow the ellipsis and look odd; drop its opening backtick.
  if ((cut.replace(/\u200d`\u200d/g, '').match(/`/g)?.length ?? 0) % 2 === 1)
    cut = cut.replace(/`([^`]*)$/, '$1');
  return `${cut}…`;
}

/** Escapes plain text and fits it into `max` characters of mrkdwn. */
export function fitMrkdwn(text: string, max: number): string {
  return cutEscaped(escapeMrkdwn(text), max);
}

/** Plain-text objects (headers, buttons, modal labels) are not parsed; only their length matters. */
export function fitPlain(text: string, max: number): string {
  return shorten(text, max);
}

/** Makes text safe inside a ``` fence: entities escaped, and no run of backticks can close the fence early. */
export function escapeCode(text: string): string {
  return escapeEntities(text).replace(/`/g, '`\u200b');
}

// Message → terminal text. Wraps the shared plain-text renderer, strips control characters so
// text from the API or other users cannot drive the terminal, and adds tone colours only when
// the output is a TTY.
import type { Message, RenderOptions, Tone } from '../../src/render/message.js';
import { renderText } from '../../src/render/text.js';

/** Terminal rendering options; `locale` is the language of the renderer's own words. */
export interface ConsoleRenderOptions extends RenderOptions {
  /** ANSI colours (only when stdout is a TTY and NO_COLOR is not set — the caller decides). */
  color: boolean;
  /** Columns tables fit in; default terminalWidth(process.stdout). */
  width?: number;
}

/** The terminal's width for tables: its columns, but never under 80 (piped or unknown: 80). */
export function terminalWidth(stream: NodeJS.WritableStream = process.stdout): number {
  const columns = (stream as { columns?: number }).columns;
  return Math.max(80, typeof columns === 'number' && Number.isFinite(columns) ? columns : 0);
}

const TONE_COLOUR: Record<Tone, string> = {
  info: '\u001b[36m',
  success: '\u001b[32m',
  warning: '\u001b[33m',
  danger: '\u001b[31m',
  error: '\u001b[31m',
};
const BOLD = '\u001b[1m';
const DIM = '\u001b[2m';
const RESET = '\u001b[0m';

// C0 controls except tab/newline, DEL and C1 controls (ESC sequences, bells, CSI).
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are stripped
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Removes characters that a terminal would interpret (escape sequences, bells, carriage returns). */
export function stripControl(text: string): string {
  return text.replace(CONTROL, '');
}

/** The full text of a reply or card edit, as printed in the console and by `exec`. */
export function renderConsole(message: Message, options: ConsoleRenderOptions): string {
  // renderText already lists attachments with their saved path ("[image: …] saved to …").
  const width = options.width ?? terminalWidth();
  const lines = stripControl(
    renderText(message, { width, ...(options.locale ? { locale: options.locale } : {}) }),
  )
    .replace(/\s+$/, '')
    .split('\n');
  if (options.color && lines.length > 0 && message.tone) {
    lines[0] = `${BOLD}${TONE_COLOUR[message.tone]}${lines[0]}${RESET}`;
  }
  return `${lines.join('\n')}\n`;
}

/** The one-line public notice printed for `announce` (e.g. "alice stopped web-1"). */
export function renderAnnouncement(message: Message, options: ConsoleRenderOptions): string {
  const first =
    message.summary ??
    message.title ??
    renderText(message, options.locale ? { locale: options.locale } : {}).split('\n')[0] ??
    '';
  const line = `» ${stripControl(first).trim()}`;
  return options.color ? `${DIM}${line}${RESET}\n` : `${line}\n`;
}

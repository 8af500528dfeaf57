// Plain-text renderer for the console, `exec` output and fallback text: a title line with a tone
// marker, aligned fields, tables (the shared layout, fitted to a width when given), indented code,
// confirmation hints and the lines of a card's menu.
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from '../i18n/locale.js';
import { perLocale } from '../i18n/per-locale.js';
import { t } from '../i18n/translate.js';
import { roughDuration } from './time-format.js';
import { renderLocale, type Block, type Message, type RenderOptions, type Tone } from './message.js';
import { menuItems, pendingCard, type PendingCard } from './buttons.js';
import { tableLines } from './table-layout.js';

/** Marker shown before the title; text, so it survives any terminal. */
export const TONE_MARKERS: Record<Tone, string> = {
  info: 'ℹ',
  success: '✔',
  warning: '⚠',
  danger: '‼',
  error: '✖',
};

/** Options for renderText: the reader's locale (RenderOptions), the clock and the width. */
export interface TextOptions extends RenderOptions {
  /** Clock for "expires in …" hints (defaults to now). */
  now?: Date;
  /** Terminal width: tables shrink their columns and wrap cells to fit it (default: natural width). */
  width?: number;
}

function pad(value: string, width: number): string {
  return value + ' '.repeat(Math.max(0, width - [...value].length));
}

function width(value: string): number {
  return [...value].length;
}

function renderFields(fields: { label: string; value: string }[]): string[] {
  const labelWidth = Math.max(...fields.map((f) => width(f.label)));
  return fields.flatMap((f) => {
    const [first = '', ...rest] = f.value.split('\n');
    return [
      `${pad(f.label, labelWidth)}  ${first}`.trimEnd(),
      ...rest.map((line) => `${pad('', labelWidth)}  ${line}`),
    ];
  });
}

function renderBlock(block: Block, maxWidth: number | undefined): string[] {
  switch (block.type) {
    case 'text':
      return block.text.split('\n');
    case 'fields':
      return block.fields.length ? renderFields(block.fields) : [];
    case 'table':
      return tableLines(block.columns, block.rows, maxWidth === undefined ? {} : { maxWidth });
    case 'code':
      return block.text.split('\n').map((line) => `    ${line}`.trimEnd());
    case 'context':
      return block.text.split('\n').map((line) => `  ${line}`);
    case 'divider':
      return ['─'.repeat(40)];
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const disjunctions = perLocale((locale) => new Intl.ListFormat(INTL_TAG[locale], { type: 'disjunction' }));

/** "Confirm or Cancel" / "Konfirmasi atau Batal": the locale's own word for "or". */
function eitherOf(items: string[], locale: Locale): string {
  return disjunctions(locale).format(items);
}

/**
 * The confirmation hint line, true on every platform (buttons, console prompt, exec --confirm):
 * `Awaiting confirmation: Confirm or Cancel · expires in 2 min`, or with a typed confirmation
 * `Awaiting confirmation: type web-1 to confirm, or Cancel · expires in 2 min` — in `locale`.
 */
export function confirmHint(
  actions: PendingCard,
  now: Date = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  const expected = actions.typed?.placeholder;
  const how = actions.typed
    ? t(locale, 'render.orCancel', {
        action: expected
          ? t(locale, 'render.typeToConfirm', { name: expected })
          : lowerFirst(actions.typed.label),
        cancel: actions.cancelLabel,
      })
    : eitherOf([actions.confirmLabel, actions.cancelLabel], locale);
  const left = actions.expiresAt - now.getTime();
  const expiry =
    left > 0
      ? t(locale, 'render.expiresIn', { span: roughDuration(left, locale) })
      : t(locale, 'render.expired');
  return t(locale, 'render.awaiting', { how, expiry });
}

/** Renders a Message as plain text lines joined by "\n" (no trailing newline). */
export function renderText(message: Message, options: TextOptions = {}): string {
  const sections: string[][] = [];
  if (message.title) {
    sections.push([message.tone ? `${TONE_MARKERS[message.tone]} ${message.title}` : message.title]);
  } else if (message.blocks.length === 0 && message.summary) {
    sections.push([message.tone ? `${TONE_MARKERS[message.tone]} ${message.summary}` : message.summary]);
  }
  for (const block of message.blocks) {
    const lines = renderBlock(block, options.width);
    if (lines.length) sections.push(lines);
  }
  const locale = renderLocale(message, options);
  for (const attachment of message.attachments ?? []) {
    // A text file (a timeline export) is printed whole: exec's stdout is where it goes.
    if (attachment.contentType !== 'image/png') {
      sections.push([new TextDecoder().decode(attachment.data).replace(/\r?\n$/, '')]);
      continue;
    }
    sections.push([
      attachment.savedPath
        ? t(locale, 'render.imageSaved', { alt: attachment.alt, path: attachment.savedPath })
        : t(locale, 'render.image', { alt: attachment.alt, file: attachment.filename }),
    ]);
  }
  const card = pendingCard(message);
  if (card) sections.push([confirmHint(card, options.now, locale)]);
  // The menu a chat shows as an overflow / select menu: what each option runs, or the link it opens.
  const menu = menuItems(message).map((item) => `⋯ ${item.label}: ${item.command ?? item.url}`);
  if (menu.length > 0) sections.push(menu);
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}

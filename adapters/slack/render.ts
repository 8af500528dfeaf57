// Neutral Message → Slack Block Kit. Every user-provided string is escaped, every block is kept
// within Slack's limits, and a message too long for one post is split into numbered pages (the
// first page carries the title and the Confirm / Cancel buttons, so editing it edits the card).
import { mrkdwnWithMentions } from './mentions.js';
import type { types as slack } from '@slack/bolt';
import {
  renderLocale,
  type Block,
  type Message,
  type RenderOptions,
  type Tone,
} from '../../src/render/message.js';
import { t } from '../../src/core/index.js';
import { chunkText } from './chunk.js';
import { cutEscaped, escapeCode, escapeMrkdwn, fitMrkdwn, fitPlain } from './escape.js';
import { SLACK_LIMITS as L } from './limits.js';
import { rowLine, tableText, tooWide } from './table.js';
import { buttonBlocks } from './render-buttons.js';
import { nativeTableOf, tableBlock, tableBlockText } from './table-block.js';

/** One postable Slack message: blocks plus the plain fallback used in notifications. */
export interface SlackPayload {
  text: string;
  blocks: slack.KnownBlock[];
}

/** How to render: `tables: false` writes every table as monospace text (after Slack refused a table block). */
export type SlackRenderOptions = RenderOptions & { tables?: boolean };

/** Pages beyond this are dropped with a note, so one command can never flood a channel. */
export const MAX_PAGES = 5;

const TONE_PREFIX: Record<Tone, string> = {
  info: '',
  success: '✅ ',
  warning: '⚠️ ',
  danger: '🛑 ',
  error: '❌ ',
};

const CODE_BUDGET = L.sectionText - '```\n\n```'.length;
/** Text kept free on each page for its "Page n of m · k more blocks not shown" marker. */
const MARKER_RESERVE = 100;

/** Characters of text a list of blocks carries (what Slack counts towards msg_blocks_too_long). */
export function textLength(blocks: readonly slack.KnownBlock[]): number {
  let n = 0;
  const add = (t: { text?: unknown } | undefined) => (n += typeof t?.text === 'string' ? t.text.length : 0);
  for (const block of blocks) {
    if (block.type === 'section') {
      add(block.text);
      for (const field of block.fields ?? []) add(field);
    } else if (block.type === 'header') add(block.text);
    else if (block.type === 'context')
      for (const element of block.elements) add(element as { text?: unknown });
    else if (block.type === 'actions')
      for (const element of block.elements) add((element as { text?: { text?: unknown } }).text);
    else if (block.type === 'table') n += tableBlockText(block);
  }
  return n;
}

function toneOf(message: Message): Tone {
  if (message.tone) return message.tone;
  return message.outcome === 'error' || message.outcome === 'usage-error' || message.outcome === 'unknown'
    ? 'error'
    : 'info';
}

function section(text: string): slack.SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

/** "*label*\nvalue" measured on the final text: the label is fitted first, the value gets the rest. */
function fieldText(label: string, value: string): string {
  const head = label.trim() === '' ? '' : `*${fitMrkdwn(label.replace(/\n/g, ' '), 200)}*\n`;
  return head + fitMrkdwn(value, L.fieldText - head.length);
}

function codeSections(raw: string): slack.SectionBlock[] {
  return chunkText(raw, CODE_BUDGET, escapeCode).map((chunk) => section(`\`\`\`\n${chunk}\n\`\`\``));
}

function blockToSlack(block: Block, rowsLayout: boolean): slack.KnownBlock[] {
  switch (block.type) {
    case 'text':
      return chunkText(block.text, L.sectionText, escapeMrkdwn).map(section);
    case 'fields': {
      const out: slack.SectionBlock[] = [];
      for (let i = 0; i < block.fields.length; i += L.fieldsPerSection) {
        const fields = block.fields.slice(i, i + L.fieldsPerSection).map((f) => ({
          type: 'mrkdwn' as const,
          text: fieldText(f.label, f.value),
        }));
        out.push({ type: 'section', fields });
      }
      return out;
    }
    case 'table': {
      const aligned = tableText(block.columns, block.rows);
      if (!rowsLayout || block.rows.length === 0) return codeSections(aligned);
      const lines = block.rows.map((r) => cutEscaped(rowLine(block.columns, r), L.sectionText));
      return chunkText(lines.join('\n'), L.sectionText, (s) => s).map(section);
    }
    case 'code':
      return codeSections(block.text);
    case 'context': {
      const text = block.parts
        ? mrkdwnWithMentions(block.parts, block.text, L.sectionText)
        : fitMrkdwn(block.text, L.sectionText);
      return [{ type: 'context', elements: [{ type: 'mrkdwn', text }] }];
    }
    case 'divider':
      return [{ type: 'divider' }];
  }
}

/** Plain fallback text for notifications and clients without Block Kit (escaped, bounded). */
export function fallbackText(message: Message): string {
  const firstText = message.blocks.find((b) => b.type === 'text');
  const raw = message.summary ?? message.title ?? (firstText?.type === 'text' ? firstText.text : 'vpsops');
  return `${TONE_PREFIX[toneOf(message)]}${fitMrkdwn(raw, L.fallbackText)}`;
}

/**
 * Renders a message as one or more Slack payloads, each within Slack's block limits; the renderer's own
 * words (page markers, a card's expiry) in `renderLocale`: the reader's, else the message's own.
 */
export function renderMessage(message: Message, options: SlackRenderOptions = {}): SlackPayload[] {
  const locale = renderLocale(message, options);
  const head: slack.KnownBlock[] = [];
  if (message.title !== undefined && message.title.trim() !== '') {
    const text = fitPlain(`${TONE_PREFIX[toneOf(message)]}${message.title}`, L.headerText);
    head.push({ type: 'header', text: { type: 'plain_text', text, emoji: true } });
  }
  const tail = buttonBlocks(message, locale);
  // The message's one table, when it fits, is a table block; otherwise one wide table turns every
  // table of the message into row lines, so sections look alike.
  const native = options.tables === false ? null : nativeTableOf(message.blocks);
  const rowsLayout = message.blocks.some((b) => b.type === 'table' && tooWide(tableText(b.columns, b.rows)));
  const body = message.blocks.flatMap((b) => (b === native ? [tableBlock(b)] : blockToSlack(b, rowsLayout)));
  const text = fallbackText(message);

  const budget = L.messageText - MARKER_RESERVE;
  const fixed = textLength(head) + textLength(tail);
  if (
    body.length <= L.blocksPerMessage - head.length - tail.length &&
    fixed + textLength(body) <= L.messageText
  ) {
    return [{ text, blocks: [...head, ...body, ...tail] }];
  }

  // Pages are packed by block count and by total text (Slack refuses a message whose blocks hold
  // more than ~12,000 characters: msg_blocks_too_long); each keeps one block for its page marker.
  const pages: slack.KnownBlock[][] = [[...head]];
  let room = { blocks: L.blocksPerMessage - head.length - tail.length - 1, text: budget - fixed };
  for (const block of body) {
    const size = textLength([block]);
    const current = pages[pages.length - 1] ?? [];
    if (room.blocks < 1 || size > room.text) {
      pages.push([block]);
      room = { blocks: L.blocksPerMessage - 2, text: budget - size };
    } else {
      current.push(block);
      room = { blocks: room.blocks - 1, text: room.text - size };
    }
  }
  const total = pages.length;
  const kept = pages.slice(0, MAX_PAGES);
  const dropped = pages.slice(MAX_PAGES).reduce((n, p) => n + p.length, 0);

  return kept.map((blocks, index) => {
    const notes = [t(locale, 'slack.page.marker', { page: index + 1, pages: Math.min(total, MAX_PAGES) })];
    if (dropped > 0 && index === kept.length - 1)
      notes.push(t(locale, 'slack.page.dropped', { count: dropped }));
    const marker: slack.KnownBlock = {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: notes.join(' · ') }],
    };
    const pageBlocks = index === 0 ? [...blocks, marker, ...tail] : [...blocks, marker];
    return {
      text: index === 0 ? text : text + t(locale, 'slack.page.fallback', { page: index + 1 }),
      blocks: pageBlocks,
    };
  });
}

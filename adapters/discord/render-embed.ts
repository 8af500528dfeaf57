// Neutral blocks → one Discord embed, in display order and within the embed limits: blocks before
// the first `fields` block form the description, later ones become full-width fields, context
// lines become the footer (plain text there: footers render no markdown and no mentions).
import type { APIEmbed, APIEmbedField } from 'discord.js';
import { t, type Locale } from '../../src/core/index.js';
import { pendingCard } from '../../src/render/buttons.js';
import {
  renderLocale,
  type Block,
  type Field,
  type Message,
  type RenderOptions,
  type Tone,
} from '../../src/render/message.js';
import { escapeCodeBlock, escapeMarkdown, escapeMarkdownKeepCode } from './escape.js';
import { DISCORD_LIMITS as L, fit, fitEscaped } from './limits.js';
import { markdownWithMentions, namesDiscordUser } from './mentions.js';
import { tableText, tooWide } from './table.js';

/** Embed colours per tone (Discord's own palette). */
export const TONE_COLOURS: Record<Tone, number> = {
  info: 0x5865f2,
  success: 0x57f287,
  warning: 0xfee75c,
  danger: 0xed4245,
  error: 0x992d22,
};

const BLANK = '\u200b';
const DIVIDER = '──────────';

/** A code fence whose content is cut so the closing fence always survives. */
function codeFence(text: string, max: number): string {
  return '```\n' + fit(escapeCodeBlock(text), Math.max(1, max - 8)) + '\n```';
}

function blockText(block: Block, max: number, rowsLayout: boolean, locale: Locale): string | null {
  switch (block.type) {
    case 'text':
      return fitEscaped(escapeMarkdownKeepCode(block.text), max);
    case 'code':
      return codeFence(block.text, max);
    case 'table':
      return tableText(block.columns, block.rows, max, { rowsLayout, locale });
    case 'divider':
      return DIVIDER;
    default:
      return null;
  }
}

function toField(field: Field): APIEmbedField {
  return {
    name: fitEscaped(escapeMarkdown(field.label), L.fieldName) || BLANK,
    value: fitEscaped(escapeMarkdownKeepCode(field.value), L.fieldValue) || BLANK,
    inline: field.inline ?? false,
  };
}

function embedLength(embed: APIEmbed): number {
  const fields = (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  return (
    (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0) + fields
  );
}

/**
 * Drops trailing fields, then cuts the description, until the embed fits `budget` characters; the
 * footer says once that fields were left out.
 */
function shrink(embed: APIEmbed, budget: number, locale: Locale): APIEmbed {
  const fields = [...(embed.fields ?? [])];
  const dropped = t(locale, 'discord.fieldsDropped');
  const footer = { text: fit([dropped, embed.footer?.text].filter(Boolean).join(' '), L.footer) };
  let out: APIEmbed = { ...embed, fields };
  while (embedLength(out) > budget && fields.length > 0) {
    fields.pop();
    out = { ...out, fields, footer };
  }
  if (embedLength(out) > budget && out.description) {
    const excess = embedLength(out) - budget;
    out = { ...out, description: fitEscaped(out.description, Math.max(1, out.description.length - excess)) };
  }
  return out;
}

/**
 * The main embed of a message (title, body blocks, footer), within `budget` total characters; what
 * the renderer adds itself (expiry, what did not fit) in `renderLocale(message, options)`.
 */
export function renderEmbed(
  message: Message,
  budget: number = L.embedTotal,
  options: RenderOptions = {},
): APIEmbed {
  const locale = renderLocale(message, options);
  const description: string[] = [];
  const fields: APIEmbedField[] = [];
  const footer: string[] = [];
  let used = 0;
  // One wide table turns every table of the message into row lines, so sections look alike.
  const rowsLayout = message.blocks.some((b) => b.type === 'table' && tooWide(b.columns, b.rows));
  for (const block of message.blocks) {
    if (namesDiscordUser(block)) {
      // Footers show no mentions: a line naming people goes where Discord renders them.
      const line = fitEscaped(markdownWithMentions(block.parts), L.fieldValue);
      if (fields.length === 0 && used + line.length < L.embedDescription - description.length) {
        description.push(line);
        used += line.length;
      } else fields.push({ name: BLANK, value: line, inline: false });
    } else if (block.type === 'context') {
      footer.push(block.text);
    } else if (block.type === 'fields') {
      fields.push(...block.fields.map(toField));
    } else if (fields.length === 0) {
      const remaining = L.embedDescription - used - description.length;
      if (remaining < 16) continue;
      const text = blockText(block, remaining, rowsLayout, locale);
      if (text !== null) {
        description.push(text);
        used += text.length;
      }
    } else {
      const text = blockText(block, L.fieldValue, rowsLayout, locale);
      if (text !== null) fields.push({ name: BLANK, value: text, inline: false });
    }
  }
  const card = pendingCard(message);
  if (card)
    description.push(t(locale, 'discord.expires', { when: `<t:${Math.floor(card.expiresAt / 1000)}:R>` }));
  const embed: APIEmbed = { color: TONE_COLOURS[message.tone ?? 'info'] };
  if (message.title) embed.title = fitEscaped(escapeMarkdown(message.title), L.embedTitle);
  if (description.length > 0) embed.description = fitEscaped(description.join('\n'), L.embedDescription);
  if (fields.length > L.embedFields) {
    const extra = fields.length - (L.embedFields - 1);
    fields.splice(L.embedFields - 1, fields.length, {
      name: BLANK,
      value: t(locale, 'discord.moreFields', { count: extra }),
      inline: false,
    });
  }
  if (fields.length > 0) embed.fields = fields;
  // Footers show no markdown: a `quoted` command would keep its backticks, so it gets quotes instead.
  if (footer.length > 0)
    embed.footer = { text: fit(footer.join(' · ').replace(/`([^`\n]+)`/g, '“$1”'), L.footer) };
  return embedLength(embed) > budget ? shrink(embed, budget, locale) : embed;
}

/** Total characters Discord counts against the 6000 limit. */
export { embedLength };

// Neutral Message → a Discord Components V2 card (message flag IS_COMPONENTS_V2): one container
// whose accent colour says the tone, text displays for the title and body, the last body text as a
// section carrying the first button, the other controls in rows inside the container, and the
// charts as a media gallery (`attachment://`). With the flag Discord refuses `content` and `embeds`
// and takes at most 40 components and 4,000 characters of text in all, measured here on the final
// payload: a message that does not fit (or must ping someone, or is a one-line notice) gets null,
// and the caller keeps the embed rendering — except for an edit of a message already V2, which
// fittedCardV2 cuts to fit (layout.ts chooses).
import { ComponentType, MessageFlags } from 'discord.js';
import type {
  APIButtonComponent,
  APIComponentInContainer,
  APIContainerComponent,
  APIMessageTopLevelComponent,
  APITextDisplayComponent,
  RawFile,
} from 'discord.js';
import { t, type Locale } from '../../src/core/index.js';
import { pendingCard } from '../../src/render/buttons.js';
import { renderLocale, type Block, type Message, type RenderOptions } from '../../src/render/message.js';
import { escapeCodeBlock, escapeMarkdown, escapeMarkdownKeepCode } from './escape.js';
import { fit, fitEscaped, V2_LIMITS } from './limits.js';
import { markdownWithMentions, namesDiscordUser, pingsOf } from './mentions.js';
import { fileParts } from './files.js';
import { controlRows, NO_MENTIONS, type DiscordPayload } from './render.js';
import { TONE_COLOURS } from './render-embed.js';
import { tableText, tooWide } from './table.js';

export { V2_LIMITS };

/** A Components V2 message: no content, no embeds, the flag set on the message that carries it. */
export interface V2Payload {
  flags: number;
  components: APIMessageTopLevelComponent[];
  files: DiscordPayload['files'];
}

/** Whether a rendered payload is a Components V2 card. */
export const isV2 = (payload: DiscordPayload | V2Payload): payload is V2Payload => 'flags' in payload;

const textDisplay = (content: string): APITextDisplayComponent => ({
  type: ComponentType.TextDisplay,
  content,
});

function blockText(block: Block, rowsLayout: boolean, locale: Locale): string | null {
  if (namesDiscordUser(block)) return markdownWithMentions(block.parts);
  switch (block.type) {
    case 'text':
      return escapeMarkdownKeepCode(block.text);
    case 'code':
      return '```\n' + escapeCodeBlock(block.text) + '\n```';
    case 'table':
      return tableText(block.columns, block.rows, V2_LIMITS.text, { rowsLayout, locale });
    case 'fields':
      return block.fields
        .map((f) => `**${escapeMarkdown(f.label)}**: ${escapeMarkdownKeepCode(f.value)}`)
        .join('\n');
    case 'context':
      return `-# ${escapeMarkdownKeepCode(block.text)}`;
    default:
      return null;
  }
}

/** Consecutive blocks become one text display; a divider starts the next one after a separator. */
function bodyParts(message: Message, options: RenderOptions): APIComponentInContainer[] {
  const rowsLayout = message.blocks.some((b) => b.type === 'table' && tooWide(b.columns, b.rows));
  const parts: APIComponentInContainer[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) parts.push(textDisplay(lines.join('\n')));
    lines = [];
  };
  if (message.title) lines.push(`### ${escapeMarkdown(message.title)}`);
  for (const block of message.blocks) {
    if (block.type === 'divider') {
      flush();
      parts.push({ type: ComponentType.Separator });
      continue;
    }
    const text = blockText(block, rowsLayout, renderLocale(message, options));
    if (text) lines.push(text);
  }
  const card = pendingCard(message);
  if (card) {
    const when = `<t:${Math.floor(card.expiresAt / 1000)}:R>`;
    lines.push(`-# ${t(renderLocale(message, options), 'discord.expires', { when })}`);
  }
  flush();
  return parts;
}

/** Every component in the tree (Discord counts nested ones), and the characters of all text displays. */
export function measureV2(components: readonly unknown[]): { components: number; text: number } {
  let count = 0;
  let text = 0;
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const c = node as { type?: number; content?: unknown; components?: unknown[]; accessory?: unknown };
    count += 1;
    if (c.type === ComponentType.TextDisplay && typeof c.content === 'string') text += c.content.length;
    for (const child of c.components ?? []) walk(child);
    if (c.accessory) walk(c.accessory);
  };
  for (const component of components) walk(component);
  return { components: count, text };
}

/** The last text display becomes a section whose accessory is the first button of the first row. */
function withSection(parts: APIComponentInContainer[], rows: DiscordPayload['components']): void {
  const first = rows[0]?.components[0];
  const last = parts.at(-1);
  if (!first || first.type !== ComponentType.Button || last?.type !== ComponentType.TextDisplay) return;
  rows[0]?.components.shift();
  parts[parts.length - 1] = {
    type: ComponentType.Section,
    components: [last],
    accessory: first as APIButtonComponent,
  };
}

/**
 * The message as a Components V2 card within every V2 limit, or null when V2 cannot carry it (over
 * the limits, a ping to deliver, a one-line notice, a chart more than the gallery holds).
 */
export function renderCardV2(message: Message, options: RenderOptions = {}): V2Payload | null {
  const pings = pingsOf(message.blocks);
  if (pings.roles.length + pings.users.length > 0) return null;
  if (!message.title && !message.actions?.length && !message.attachments?.length) return null;
  const files = fileParts(message);
  // The gallery shows images; a text file (a timeline export) stays with the embed rendering.
  if (files.length > V2_LIMITS.galleryItems || files.some((f) => f.contentType !== 'image/png')) return null;
  const parts = bodyParts(message, options);
  const rows = controlRows(message).map((row) => ({ ...row, components: [...row.components] }));
  withSection(parts, rows);
  if (files.length > 0) parts.push(gallery(files));
  parts.push(...rows.filter((row) => row.components.length > 0));
  if (parts.length === 0 || parts.length > V2_LIMITS.containerChildren) return null;
  const container = containerOf(message, parts);
  const size = measureV2([container]);
  if (size.components > V2_LIMITS.components || size.text > V2_LIMITS.text) return null;
  return { flags: MessageFlags.IsComponentsV2, components: [container], files };
}

/**
 * An edit of a message already sent as V2 (Discord never lets the flag go) that renderCardV2 cannot
 * carry: all its text in one text display cut to the V2 total, its charts in a gallery, its
 * controls in rows. Pings are left out: an edit notifies nobody.
 */
export function fittedCardV2(message: Message, options: RenderOptions = {}): V2Payload {
  const texts = bodyParts(message, options).flatMap((p) =>
    p.type === ComponentType.TextDisplay ? [p.content] : [],
  );
  const images = fileParts(message)
    .filter((f) => f.contentType === 'image/png')
    .slice(0, V2_LIMITS.galleryItems);
  const parts: APIComponentInContainer[] = [
    textDisplay(fitEscaped(texts.join('\n'), V2_LIMITS.text) || '\u200b'),
  ];
  if (images.length > 0) parts.push(gallery(images));
  parts.push(...controlRows(message));
  return { flags: MessageFlags.IsComponentsV2, components: [containerOf(message, parts)], files: images };
}

const gallery = (files: DiscordPayload['files']): APIComponentInContainer => ({
  type: ComponentType.MediaGallery,
  items: files.map((f) => ({
    media: { url: `attachment://${f.name}` },
    description: fit(f.description, 1024),
  })),
});

const containerOf = (message: Message, parts: APIComponentInContainer[]): APIContainerComponent => ({
  type: ComponentType.Container,
  accent_color: TONE_COLOURS[message.tone ?? 'info'],
  components: parts,
});

/** The card as discord.js interaction options (editReply / followUp): the flag, never content or embeds. */
export function toV2InteractionOptions(payload: V2Payload, extraFlags = 0) {
  return {
    flags: payload.flags | extraFlags,
    components: payload.components,
    files: payload.files.map((f) => ({ attachment: f.data, name: f.name, description: f.description })),
    allowedMentions: NO_MENTIONS,
  };
}

/** The card as a REST body (channel posts and edits, interaction webhooks) plus its files. */
export function toV2RestBody(payload: V2Payload): { body: Record<string, unknown>; files: RawFile[] } {
  return {
    body: {
      flags: payload.flags,
      components: payload.components,
      allowed_mentions: NO_MENTIONS,
      attachments: payload.files.map((f, i) => ({ id: i, filename: f.name, description: f.description })),
    },
    files: payload.files.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })),
  };
}

// Neutral Message → Discord message payload: one embed (plus image-only embeds for extra charts),
// Confirm / Cancel buttons carrying only the confirmation token, buttons that run a command, PNG
// files attached to the embed,
// and `allowed_mentions: { parse: [] }` on everything so no text can ever ping anyone.
import { ButtonStyle, ComponentType } from 'discord.js';
import type {
  APIActionRowComponent,
  APIButtonComponentWithCustomId,
  APIButtonComponentWithURL,
  APIComponentInMessageActionRow,
  APIEmbed,
  APISelectMenuOption,
  RawFile,
} from 'discord.js';
import { menuItems, pendingCard, primaryButtons, type Clickable } from '../../src/render/buttons.js';
import type { Attachment, Message, RenderOptions } from '../../src/render/message.js';
import { escapeMarkdownKeepCode } from './escape.js';
import { DISCORD_LIMITS as L, fit, fitEscaped } from './limits.js';
import { embedLength, renderEmbed, TONE_COLOURS } from './render-embed.js';
import { pingsOf } from './mentions.js';

/**
 * custom_id prefixes of the confirmation buttons and the typed-confirmation modal. A Confirm that
 * must collect the hostname says so in its own id (`typedConfirm`), so a click still opens the
 * modal after a restart, when nothing about the card is remembered in memory.
 */
export const CUSTOM_ID = {
  confirm: 'vps:confirm:',
  typedConfirm: 'vps:typed-confirm:',
  cancel: 'vps:cancel:',
  typed: 'vps:typed:',
  /** A button that runs the command after the prefix (ids and kinds only, never user text). */
  run: 'vps:run:',
  /** The select menu of a card's secondary actions: the chosen option's value is the command it runs. */
  menu: 'vps:menu',
} as const;

/** A rendered message, independent of whether it goes through an interaction or the bot token. */
export interface DiscordPayload {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files: { name: string; data: Buffer; description: string; contentType: Attachment['contentType'] }[];
  /** On-call roles (reminders) and people to notify (approvers) the message names: pinged, nobody else. */
  pings?: { roles: string[]; users: string[] };
}

/** Mentions are never parsed, whatever the text says. */
export const NO_MENTIONS: { parse: [] } = { parse: [] };

/** Only the roles and people the message names to notify may ping; no text ever can. */
function allowedMentions(payload: DiscordPayload): { parse: []; roles?: string[]; users?: string[] } {
  const { roles = [], users = [] } = payload.pings ?? {};
  return {
    ...NO_MENTIONS,
    ...(roles.length > 0 ? { roles } : {}),
    ...(users.length > 0 ? { users } : {}),
  };
}

/** Embeds never ping: the mentions that notify go in the content, before what it already says. */
function withPings(payload: DiscordPayload, pings: { roles: string[]; users: string[] }): DiscordPayload {
  if (pings.roles.length + pings.users.length === 0) return payload;
  const ping = [...pings.roles.map((id) => `<@&${id}>`), ...pings.users.map((id) => `<@${id}>`)].join(' ');
  const rest = payload.content === '\u200b' ? '' : payload.content;
  return { ...payload, content: fitEscaped(rest ? `${ping} ${rest}` : ping, L.content), pings };
}

/** A custom_id for a confirmation control; refuses tokens that would exceed Discord's 100 chars. */
export function customId(prefix: string, token: string): string {
  const id = `${prefix}${token}`;
  if (id.length > L.customId)
    throw new Error(`confirmation token too long for a Discord custom_id (${id.length} > 100)`);
  return id;
}

const EXTENSIONS: Record<Attachment['contentType'], string> = {
  'image/png': '.png',
  'text/markdown': '.md',
  'text/csv': '.csv',
};

/** A safe file name with the extension its type has (a chart, or a timeline export). */
function fileName(name: string, index: number, type: Attachment['contentType']): string {
  const base = name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '');
  const ext = EXTENSIONS[type];
  if (base.toLowerCase().endsWith(ext) && base.length > ext.length) return base;
  return type === 'image/png' ? `chart-${index + 1}.png` : `file-${index + 1}${ext}`;
}

function styleOf(item: Clickable): ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Danger {
  if (item.style === 'danger') return ButtonStyle.Danger;
  return item.style === 'primary' ? ButtonStyle.Primary : ButtonStyle.Secondary;
}

type Row = DiscordPayload['components'][number];
const rowOf = (components: APIComponentInMessageActionRow[]): Row[] =>
  components.length > 0 ? [{ type: ComponentType.ActionRow, components }] : [];

/** A link button (a runbook): opens the url, sends the bot nothing. One longer than Discord takes is left out. */
function linkButton(item: Clickable): APIButtonComponentWithURL[] {
  return item.url !== undefined && item.url.length <= L.linkUrl
    ? [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Link,
          label: fit(item.label, L.buttonLabel),
          url: item.url,
        },
      ]
    : [];
}

/**
 * The primary buttons in one row; the menu's commands as a select menu in a row of its own (a menu
 * fills its row), its links as link buttons after it (a select option cannot open a url). A command
 * that would not fit a custom_id or an option value is left out.
 */
function commandRow(message: Message): Row[] {
  const primary = primaryButtons(message)
    .flatMap((item): APIComponentInMessageActionRow[] => {
      if (item.command === undefined) return linkButton(item);
      if (CUSTOM_ID.run.length + item.command.length > L.customId) return [];
      const button: APIButtonComponentWithCustomId = {
        type: ComponentType.Button,
        style: styleOf(item),
        label: fit(item.label, L.buttonLabel),
        custom_id: customId(CUSTOM_ID.run, item.command),
      };
      return [button];
    })
    .slice(0, L.buttonsPerRow);
  const menu = menuItems(message);
  const options = menu
    .flatMap((item): APISelectMenuOption[] =>
      item.command !== undefined && item.command.length <= L.selectOptionValue
        ? [{ label: fit(item.label, L.selectOptionLabel), value: item.command }]
        : [],
    )
    .slice(0, L.selectOptions);
  const select: APIComponentInMessageActionRow[] =
    options.length > 0 ? [{ type: ComponentType.StringSelect, custom_id: CUSTOM_ID.menu, options }] : [];
  const links = menu.flatMap(linkButton).slice(0, L.buttonsPerRow);
  return [...rowOf(primary), ...rowOf(select), ...rowOf(links)];
}

function buttons(message: Message): DiscordPayload['components'] {
  const actions = pendingCard(message);
  if (!actions) return commandRow(message);
  const confirm: APIButtonComponentWithCustomId = {
    type: ComponentType.Button,
    style: actions.style === 'danger' ? ButtonStyle.Danger : ButtonStyle.Primary,
    label: fit(actions.confirmLabel, L.buttonLabel),
    custom_id: customId(actions.typed ? CUSTOM_ID.typedConfirm : CUSTOM_ID.confirm, actions.token),
  };
  const cancel: APIButtonComponentWithCustomId = {
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label: fit(actions.cancelLabel, L.buttonLabel),
    custom_id: customId(CUSTOM_ID.cancel, actions.token),
  };
  return [{ type: ComponentType.ActionRow, components: [confirm, cancel] }, ...commandRow(message)];
}

/**
 * An untitled message of context lines only (the public "@oscar stopped web-1" notice) reads as a
 * plain chat line; an embed holding nothing but a footer would be a coloured bar with small print.
 */
function isNotice(message: Message, files: number): boolean {
  return (
    !message.title &&
    !message.actions?.length &&
    files === 0 &&
    message.blocks.length > 0 &&
    message.blocks.every((b) => b.type === 'context')
  );
}

/**
 * Renders a neutral message as a Discord payload within every documented limit; the few words the
 * renderer adds (expiry, what did not fit) in `options.locale`, the reader's, else the message's own (English by default).
 */
export function renderMessage(message: Message, options: RenderOptions = {}): DiscordPayload {
  return withPings(renderBody(message, options), pingsOf(message.blocks));
}

function renderBody(message: Message, options: RenderOptions): DiscordPayload {
  const files = (message.attachments ?? []).slice(0, L.embedsPerMessage).map((a, i) => ({
    name: fileName(a.filename, i, a.contentType),
    data: Buffer.from(a.data),
    description: fit(a.alt, 1024),
    contentType: a.contentType,
  }));
  // Only images are shown in embeds; a text file (a timeline export) is attached as it is.
  const images = files.filter((f) => f.contentType === 'image/png');
  if (isNotice(message, files.length)) {
    const lines = message.blocks.map((b) => (b.type === 'context' ? escapeMarkdownKeepCode(b.text) : ''));
    return {
      content: fitEscaped(lines.join('\n'), L.content) || '\u200b',
      embeds: [],
      components: [],
      files,
    };
  }
  const hasBody = Boolean(message.title) || message.blocks.length > 0 || (message.actions?.length ?? 0) > 0;
  const imageEmbeds: APIEmbed[] = images.slice(hasBody ? 1 : 0).map((f) => ({
    color: TONE_COLOURS[message.tone ?? 'info'],
    image: { url: `attachment://${f.name}` },
  }));
  const embeds: APIEmbed[] = [];
  if (hasBody || images.length > 0) {
    const budget = L.embedTotal - imageEmbeds.reduce((n, e) => n + embedLength(e), 0);
    const main = hasBody ? renderEmbed(message, budget, options) : imageEmbeds.shift();
    if (main && hasBody && images[0]) main.image = { url: `attachment://${images[0].name}` };
    if (main) embeds.push(main);
  }
  embeds.push(...imageEmbeds);
  const content =
    embeds.length === 0
      ? fitEscaped(escapeMarkdownKeepCode(message.summary ?? ''), L.content) || '\u200b'
      : '';
  return { content, embeds, components: buttons(message), files };
}

/** The payload as a REST body (`PATCH /channels/{id}/messages/{id}`, follow-ups) plus its files. */
export function toRestBody(payload: DiscordPayload): { body: Record<string, unknown>; files: RawFile[] } {
  return {
    body: {
      content: payload.content,
      embeds: payload.embeds,
      components: payload.components,
      allowed_mentions: allowedMentions(payload),
      attachments: payload.files.map((f, i) => ({ id: i, filename: f.name, description: f.description })),
    },
    files: payload.files.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })),
  };
}

/** The payload as discord.js interaction options (editReply / followUp). */
export function toInteractionOptions(payload: DiscordPayload) {
  return {
    content: payload.content,
    embeds: payload.embeds,
    components: payload.components,
    files: payload.files.map((f) => ({ attachment: f.data, name: f.name, description: f.description })),
    allowedMentions: allowedMentions(payload),
  };
}

// Neutral Message → Discord message payload: one embed (plus image-only embeds for extra charts),
// Confirm / Cancel buttons carrying only the confirmation token, buttons that run a command, PNG
// files attached to the embed,
// and `allowed_mentions: { parse: [] }` on everything so no text can ever ping anyone.
import { ButtonStyle, ComponentType } from 'discord.js';
import type { APIActionRowComponent, APIButtonComponentWithCustomId, APIEmbed, RawFile } from 'discord.js';
import { commandButtons, pendingCard } from '../../src/render/buttons.js';
import type { Button, Message } from '../../src/render/message.js';
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
} as const;

/** A rendered message, independent of whether it goes through an interaction or the bot token. */
export interface DiscordPayload {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponentWithCustomId>[];
  files: { name: string; data: Buffer; description: string }[];
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

function fileName(name: string, index: number): string {
  const base = name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '');
  return base.toLowerCase().endsWith('.png') && base.length > 4 ? base : `chart-${index + 1}.png`;
}

function styleOf(button: Button): ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Danger {
  if (button.style === 'danger') return ButtonStyle.Danger;
  return button.style === 'primary' ? ButtonStyle.Primary : ButtonStyle.Secondary;
}

/** Buttons that run a command, in one row (secondary ones in a second); one whose command would not fit a custom_id is left out. */
function commandRow(message: Message): DiscordPayload['components'] {
  const runnable = commandButtons(message).filter(
    (button) => CUSTOM_ID.run.length + button.command.length <= L.customId,
  );
  const row = (more: boolean): DiscordPayload['components'] => {
    const components = runnable
      .filter((button) => (button.more === true) === more)
      .slice(0, L.buttonsPerRow)
      .map((button): APIButtonComponentWithCustomId => ({
        type: ComponentType.Button,
        style: styleOf(button),
        label: fit(button.label, L.buttonLabel),
        custom_id: customId(CUSTOM_ID.run, button.command),
      }));
    return components.length > 0 ? [{ type: ComponentType.ActionRow, components }] : [];
  };
  return [...row(false), ...row(true)];
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

/** Renders a neutral message as a Discord payload within every documented limit. */
export function renderMessage(message: Message): DiscordPayload {
  return withPings(renderBody(message), pingsOf(message.blocks));
}

function renderBody(message: Message): DiscordPayload {
  const files = (message.attachments ?? []).slice(0, L.embedsPerMessage).map((a, i) => ({
    name: fileName(a.filename, i),
    data: Buffer.from(a.data),
    description: fit(a.alt, 1024),
  }));
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
  const imageEmbeds: APIEmbed[] = files.slice(hasBody ? 1 : 0).map((f) => ({
    color: TONE_COLOURS[message.tone ?? 'info'],
    image: { url: `attachment://${f.name}` },
  }));
  const embeds: APIEmbed[] = [];
  if (hasBody || files.length > 0) {
    const budget = L.embedTotal - imageEmbeds.reduce((n, e) => n + embedLength(e), 0);
    const main = hasBody ? renderEmbed(message, budget) : imageEmbeds.shift();
    if (main && hasBody && files[0]) main.image = { url: `attachment://${files[0].name}` };
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
    files: payload.files.map((f) => ({ name: f.name, data: f.data, contentType: 'image/png' })),
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

// State of the fake Discord: messages (created by interaction callbacks, follow-ups and channel
// posts, edited by webhooks and the bot token) and the interactions it has sent, by token.
import { discordView } from './discord-view.js';
import { snowflake } from './fake-discord-payloads.js';

/** MessageFlags.IsComponentsV2. */
export const V2_FLAG = 1 << 15;

/** An uploaded file as the fake saw it. */
export interface UploadedFile {
  name: string;
  contentType: string;
  size: number;
  /** The file's bytes (charts: check the PNG signature). */
  data: Buffer;
}

/** A message the bot posted. */
export interface StoredMessage {
  id: string;
  channelId: string;
  content: string;
  embeds: Record<string, unknown>[];
  components: Record<string, unknown>[];
  attachments: { id: string; filename: string; size: number; content_type: string }[];
  flags: number;
  edits: number;
  deleted: boolean;
  /** Pinned in its channel (PUT / DELETE /channels/{id}/messages/pins/{message id}). */
  pinned?: boolean;
  /** Who last changed it: an interaction token owner ('webhook') or the bot token ('bot'). */
  lastEditBy: 'webhook' | 'bot' | null;
}

/** The custom_ids of a stored message's buttons and menus, embeds or V2 (none for a missing message). */
export function customIds(m: StoredMessage | undefined): string[] {
  return discordView(m).customIds;
}

/** An interaction the fake dispatched. */
export interface StoredInteraction {
  id: string;
  token: string;
  type: number;
  channelId: string;
  /** The message a component / modal belongs to. */
  sourceMessageId?: string;
  /** The interaction's "@original" response message. */
  originalId?: string;
  acknowledged: boolean;
  /** Callback type of the first response (5 deferred reply, 6 deferred update, 8 choices, 9 modal…). */
  callbackType?: number;
  modal?: Record<string, unknown>;
  choices?: { name: string; value: unknown }[];
}

/** Message and interaction state with Discord's edit semantics. */
export class FakeDiscordStore {
  readonly messages = new Map<string, StoredMessage>();
  readonly interactions = new Map<string, StoredInteraction>();

  /** Remembers an interaction about to be sent (gateway or HTTP), by its token. */
  recordInteraction(
    payload: { id: string; token: string; type: number; channel_id: string },
    sourceMessageId?: string,
  ): StoredInteraction {
    const stored: StoredInteraction = {
      id: payload.id,
      token: payload.token,
      type: payload.type,
      channelId: payload.channel_id,
      acknowledged: false,
    };
    if (sourceMessageId) stored.sourceMessageId = sourceMessageId;
    this.interactions.set(payload.token, stored);
    return stored;
  }

  create(channelId: string, flags = 0): StoredMessage {
    const message: StoredMessage = {
      id: snowflake(),
      channelId,
      content: '',
      embeds: [],
      components: [],
      attachments: [],
      flags,
      edits: 0,
      deleted: false,
      lastEditBy: null,
    };
    this.messages.set(message.id, message);
    return message;
  }

  /** Applies a create/edit body (and uploaded files) the way Discord does. */
  apply(
    message: StoredMessage,
    body: Record<string, unknown>,
    files: UploadedFile[],
    by: 'webhook' | 'bot',
  ): StoredMessage {
    // IS_COMPONENTS_V2 may be set by an edit (after a deferral), never removed.
    message.flags |= Number(body.flags ?? 0) & V2_FLAG;
    // null clears content and embeds (how an embed message is upgraded to Components V2).
    if (typeof body.content === 'string' || body.content === null) message.content = body.content ?? '';
    if (Array.isArray(body.embeds) || body.embeds === null)
      message.embeds = (body.embeds ?? []) as Record<string, unknown>[];
    if (Array.isArray(body.components)) message.components = body.components as Record<string, unknown>[];
    if (files.length > 0) {
      message.attachments = files.map((f) => ({
        id: snowflake(),
        filename: f.name,
        size: f.size,
        content_type: f.contentType,
      }));
    } else if (Array.isArray(body.attachments)) {
      const keep = new Set((body.attachments as { id?: unknown }[]).map((a) => String(a.id)));
      message.attachments = message.attachments.filter((a) => keep.has(a.id));
    }
    message.lastEditBy = by;
    return message;
  }

  /** The message as Discord's API returns it (enough for discord.js to build a Message). */
  toApi(message: StoredMessage, applicationId: string, guildId: string): Record<string, unknown> {
    return {
      id: message.id,
      type: 0,
      channel_id: message.channelId,
      guild_id: guildId,
      author: {
        id: applicationId,
        username: 'vpsops',
        discriminator: '0000',
        bot: true,
        avatar: null,
        global_name: null,
      },
      content: message.content,
      embeds: message.embeds,
      components: message.components,
      attachments: message.attachments.map((a) => ({
        ...a,
        url: `https://cdn.invalid/${a.filename}`,
        proxy_url: `https://cdn.invalid/${a.filename}`,
      })),
      flags: message.flags,
      timestamp: new Date().toISOString(),
      edited_timestamp: message.edits > 0 ? new Date().toISOString() : null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: message.pinned === true,
      webhook_id: applicationId,
      application_id: applicationId,
    };
  }
}

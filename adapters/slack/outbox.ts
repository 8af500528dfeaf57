// Slack delivery primitives: channel posts and edits with the bot token (chat.postMessage /
// chat.update keep working for as long as the card lives), ephemeral replies via response_url or
// chat.postEphemeral, and chart uploads (upload.ts). response_urls are kept here, never in
// MessageRefs, because anyone holding one can post as the app. They live in the EphemeralState
// (shared by replicas) under a random handle, with a use counter: Slack honours a response_url
// 5 times in 30 minutes, so the 5th use says so and later edits go through the bot token.
import { createHash, randomUUID } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { MessageRef, EphemeralState } from '../../src/core/index.js';
import type { Attachment } from '../../src/render/message.js';
import type { SlackPayload } from './render.js';
import { uploadFiles } from './upload.js';

/** Slack keeps a response_url usable for 30 minutes. */
const RESPONSE_URL_TTL_MS = 30 * 60_000;
/** ... and for at most this many posts. */
export const RESPONSE_URL_USES = 5;

/** Shown on the last edit a response_url allows, so the user knows why the card stops changing. */
export const LAST_USE_NOTE =
  'Slack allows no more updates of this message. Invite me to this channel (`/invite`) so I can post and keep cards up to date here.';

/** Thrown instead of a 6th POST to a response_url (Slack would refuse it). */
export class ResponseUrlSpent extends Error {
  constructor() {
    super('this Slack response_url has been used the 5 times Slack allows');
  }
}

const handleKey = (handle: string) => `slack:ru:${handle}`;
// The counter is keyed by a digest, so the state never holds the URL twice.
const usesKey = (url: string) => `slack:ruc:${createHash('sha256').update(url).digest('base64url')}`;

/** Web API errors that mean "the bot cannot post in this channel" (fall back to response_url). */
const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/** How a posted message can be edited later; stored in MessageRef.extra.mode. */
export type RefMode = 'message' | 'response_url' | 'ephemeral';

export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

/** Sends, edits and uploads on behalf of the adapter. */
export class SlackOutbox {
  constructor(
    private readonly client: webApi.WebClient,
    private readonly state: EphemeralState,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {}

  /** Keeps a response_url under a random handle (so it can sit in modal metadata or a ref). */
  async rememberResponseUrl(url: string): Promise<string> {
    const handle = randomUUID();
    await this.state.set(handleKey(handle), url, RESPONSE_URL_TTL_MS);
    return handle;
  }

  /** The response_url behind a handle, while Slack still accepts it. */
  async responseUrl(handle: string | undefined): Promise<string | undefined> {
    return handle === undefined ? undefined : ((await this.state.get(handleKey(handle))) ?? undefined);
  }

  /**
   * POSTs JSON to a response_url; Slack answers 200 "ok" or an error status. Each call counts as
   * a use; the 5th (when `lastUseNote`) carries LAST_USE_NOTE, and a 6th throws ResponseUrlSpent.
   */
  async respond(
    url: string,
    body: SlackPayload & Record<string, unknown>,
    lastUseNote = false,
  ): Promise<void> {
    const uses = await this.state.increment(usesKey(url), RESPONSE_URL_TTL_MS);
    if (uses > RESPONSE_URL_USES) throw new ResponseUrlSpent();
    if (uses === RESPONSE_URL_USES && lastUseNote) body = withNote(body, LAST_USE_NOTE);
    const response = await this.fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Slack response_url answered ${response.status}`);
  }

  /** Posts pages to a channel (later pages in the first one's thread); falls back to response_url in_channel. */
  async postToChannel(channelId: string, pages: SlackPayload[], fallbackUrl?: string): Promise<MessageRef> {
    const [first, ...rest] = pages;
    if (!first) throw new Error('nothing to post');
    let ts: string;
    try {
      const result = await this.client.chat.postMessage({
        channel: channelId,
        text: first.text,
        blocks: first.blocks,
        unfurl_links: false,
        unfurl_media: false,
      });
      ts = String(result.ts);
    } catch (error) {
      const code = slackErrorCode(error);
      if (fallbackUrl === undefined || code === undefined || !CANNOT_POST.has(code)) throw error;
      // Not a member: only the command's response_url can post here, 5 times at most; its last use
      // tells the user to invite the bot, and what does not fit is dropped rather than failing.
      try {
        for (const page of pages)
          await this.respond(fallbackUrl, { response_type: 'in_channel', ...page }, true);
      } catch (spent) {
        if (!(spent instanceof ResponseUrlSpent)) throw spent;
      }
      return {
        platform: 'slack',
        channelId,
        id: await this.rememberResponseUrl(fallbackUrl),
        extra: { mode: 'response_url' },
      };
    }
    for (const page of rest) {
      await this.client.chat.postMessage({
        channel: channelId,
        thread_ts: ts,
        text: page.text,
        blocks: page.blocks,
      });
    }
    return { platform: 'slack', channelId, id: ts, extra: { mode: 'message' } };
  }

  /** Posts pages in the thread of a channel message (a group card's member list). */
  async postInThread(ref: MessageRef, pages: SlackPayload[]): Promise<MessageRef> {
    let last = ref.id;
    for (const page of pages) {
      const result = await this.client.chat.postMessage({
        channel: ref.channelId,
        thread_ts: ref.id,
        text: page.text,
        blocks: page.blocks,
        unfurl_links: false,
        unfurl_media: false,
      });
      last = String(result.ts);
    }
    return { platform: 'slack', channelId: ref.channelId, id: last, extra: { mode: 'message' } };
  }

  /**
   * Whether the bot can post in a channel (conversations.info): null when it can, else Slack's
   * reason (not_in_channel, channel_not_found, is_archived). Null too when it cannot be asked (e.g.
   * the token lacks channels:read): not knowing is no reason to refuse.
   */
  async cannotPostIn(channelId: string): Promise<string | null> {
    try {
      const info = await this.client.conversations.info({ channel: channelId });
      const channel = info.channel as
        { is_member?: boolean; is_archived?: boolean; is_im?: boolean } | undefined;
      if (channel?.is_archived) return 'is_archived';
      return channel && !channel.is_im && channel.is_member === false ? 'not_in_channel' : null;
    } catch (error) {
      const code = slackErrorCode(error);
      return code === 'channel_not_found' ? code : null;
    }
  }

  /** Posts pages only the user sees: via response_url when there is one, else chat.postEphemeral. */
  async postEphemeral(
    channelId: string,
    userId: string,
    pages: SlackPayload[],
    responseUrl?: string,
  ): Promise<MessageRef> {
    if (responseUrl !== undefined) {
      for (const page of pages) {
        await this.respond(responseUrl, { response_type: 'ephemeral', replace_original: false, ...page });
      }
      return {
        platform: 'slack',
        channelId,
        id: await this.rememberResponseUrl(responseUrl),
        extra: { mode: 'response_url', userId },
      };
    }
    let ts = '';
    for (const page of pages) {
      const result = await this.client.chat.postEphemeral({
        channel: channelId,
        user: userId,
        text: page.text,
        blocks: page.blocks,
      });
      ts ||= String(result.message_ts ?? '');
    }
    return { platform: 'slack', channelId, id: ts, extra: { mode: 'ephemeral', userId } };
  }

  /**
   * Edits a posted message to `page`. Channel posts use chat.update (bot token, no time limit);
   * ephemeral ones use a live response_url (`preferredUrl`, e.g. from the click on that card), and
   * when none is left (expired, or its 5 uses spent) the new state is sent to the user as a fresh
   * ephemeral message with the bot token. Returns false when nothing could deliver it.
   */
  async update(ref: MessageRef, page: SlackPayload, preferredUrl?: string): Promise<boolean> {
    const mode = (ref.extra?.['mode'] ?? 'message') as RefMode;
    if (mode === 'message') {
      await this.client.chat.update({
        channel: ref.channelId,
        ts: ref.id,
        text: page.text,
        blocks: page.blocks,
      });
      return true;
    }
    const url = preferredUrl ?? (await this.responseUrl(ref.id));
    if (url !== undefined) {
      try {
        await this.respond(url, { replace_original: true, ...page }, true);
        return true;
      } catch (error) {
        if (!(error instanceof ResponseUrlSpent)) throw error;
      }
    }
    const userId = ref.extra?.['userId'];
    if (userId === undefined) return false;
    try {
      await this.client.chat.postEphemeral({
        channel: ref.channelId,
        user: userId,
        text: page.text,
        blocks: page.blocks,
      });
      return true;
    } catch (error) {
      if (CANNOT_POST.has(slackErrorCode(error) ?? '')) return false;
      throw error;
    }
  }

  /** Uploads charts into the channel (or a thread), with their alt text. */
  async upload(channelId: string, attachments: Attachment[], threadTs?: string): Promise<void> {
    if (attachments.length === 0) return;
    await uploadFiles(
      this.client,
      this.fetchFn,
      threadTs === undefined ? { channelId } : { channelId, threadTs },
      attachments,
    );
  }
}

/** `payload` with `note` as a last context block (replacing the last block when 50 are used). */
function withNote<T extends SlackPayload>(payload: T, note: string): T {
  const block: SlackPayload['blocks'][number] = {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: note }],
  };
  const blocks =
    payload.blocks.length < 50 ? [...payload.blocks, block] : [...payload.blocks.slice(0, 49), block];
  return { ...payload, blocks };
}

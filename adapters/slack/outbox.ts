// Slack delivery primitives: channel posts and edits with the bot token (chat.postMessage /
// chat.update keep working for as long as the card lives), ephemeral replies via response_url or
// chat.postEphemeral, and chart uploads via files.uploadV2. response_urls are kept here, never in
// MessageRefs, because anyone holding one can post as the app.
import { randomUUID } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { MessageRef } from '../../src/core/ports.js';
import type { Attachment } from '../../src/render/message.js';
import { ExpiringMap } from './expiring-map.js';
import type { SlackPayload } from './render.js';

/** Slack keeps a response_url usable for 30 minutes. */
const RESPONSE_URL_TTL_MS = 30 * 60_000;

/** Web API errors that mean "the bot cannot post in this channel" (fall back to response_url). */
const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/** How a posted message can be edited later; stored in MessageRef.extra.mode. */
export type RefMode = 'message' | 'response_url' | 'ephemeral';

function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

/** Sends, edits and uploads on behalf of the adapter. */
export class SlackOutbox {
  private readonly responseUrls = new ExpiringMap<string>(RESPONSE_URL_TTL_MS);

  constructor(
    private readonly client: webApi.WebClient,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {}

  /** Keeps a response_url under a random handle (so it can sit in modal metadata or a ref). */
  rememberResponseUrl(url: string): string {
    const handle = randomUUID();
    this.responseUrls.set(handle, url);
    return handle;
  }

  /** The response_url behind a handle, while Slack still accepts it. */
  responseUrl(handle: string | undefined): string | undefined {
    return handle === undefined ? undefined : this.responseUrls.get(handle);
  }

  /** POSTs JSON to a response_url; Slack answers 200 "ok" or an error status. */
  async respond(url: string, body: Record<string, unknown>): Promise<void> {
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
      for (const page of pages) await this.respond(fallbackUrl, { response_type: 'in_channel', ...page });
      return { platform: 'slack', channelId, id: this.rememberResponseUrl(fallbackUrl), extra: { mode: 'response_url' } };
    }
    for (const page of rest) {
      await this.client.chat.postMessage({ channel: channelId, thread_ts: ts, text: page.text, blocks: page.blocks });
    }
    return { platform: 'slack', channelId, id: ts, extra: { mode: 'message' } };
  }

  /** Posts pages only the user sees: via response_url when there is one, else chat.postEphemeral. */
  async postEphemeral(channelId: string, userId: string, pages: SlackPayload[], responseUrl?: string): Promise<MessageRef> {
    if (responseUrl !== undefined) {
      for (const page of pages) {
        await this.respond(responseUrl, { response_type: 'ephemeral', replace_original: false, ...page });
      }
      return {
        platform: 'slack',
        channelId,
        id: this.rememberResponseUrl(responseUrl),
        extra: { mode: 'response_url', userId },
      };
    }
    let ts = '';
    for (const page of pages) {
      const result = await this.client.chat.postEphemeral({ channel: channelId, user: userId, text: page.text, blocks: page.blocks });
      ts ||= String(result.message_ts ?? '');
    }
    return { platform: 'slack', channelId, id: ts, extra: { mode: 'ephemeral', userId } };
  }

  /**
   * Edits a posted message to `page`. Channel posts use chat.update (bot token, no time limit);
   * ephemeral ones use a live response_url (`preferredUrl`, e.g. from the click on that card), and
   * when none is left the new state is sent to the user as a fresh ephemeral message.
   */
  async update(ref: MessageRef, page: SlackPayload, preferredUrl?: string): Promise<void> {
    const mode = (ref.extra?.['mode'] ?? 'message') as RefMode;
    if (mode === 'message') {
      await this.client.chat.update({ channel: ref.channelId, ts: ref.id, text: page.text, blocks: page.blocks });
      return;
    }
    const url = preferredUrl ?? this.responseUrl(ref.id);
    if (url !== undefined) {
      await this.respond(url, { replace_original: true, ...page });
      return;
    }
    const userId = ref.extra?.['userId'];
    if (userId === undefined) throw new Error('this Slack message can no longer be edited');
    await this.client.chat.postEphemeral({ channel: ref.channelId, user: userId, text: page.text, blocks: page.blocks });
  }

  /** Uploads charts into the channel (or a thread) with files.uploadV2. */
  async upload(channelId: string, attachments: Attachment[], threadTs?: string): Promise<void> {
    if (attachments.length === 0) return;
    const file_uploads = attachments.map((a) => ({
      file: Buffer.from(a.data),
      filename: a.filename,
      title: a.alt,
      alt_text: a.alt,
    }));
    await this.client.filesUploadV2(
      threadTs === undefined
        ? { channel_id: channelId, file_uploads }
        : { channel_id: channelId, thread_ts: threadTs, file_uploads },
    );
  }
}

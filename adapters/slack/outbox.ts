// Slack delivery primitives: channel posts and edits with the bot token (chat.postMessage /
// chat.update keep working for as long as the card lives), ephemeral replies via response_url or
// chat.postEphemeral, and chart uploads (upload.ts). response_urls and their 5 uses are kept by
// response-urls.ts; the last use a card gets carries a note in the channel's language.
import type { webApi } from '@slack/bolt';
import type { MessageRef, EphemeralState } from '../../src/core/index.js';
import type { Attachment } from '../../src/render/message.js';
import type { SlackPayload } from './render.js';
import { uploadFiles } from './upload.js';
import {
  DEFAULT_CHANNEL_LOCALE,
  ResponseUrls,
  ResponseUrlSpent,
  type ChannelLocaleLookup,
} from './response-urls.js';

/** Web API errors that mean "the bot cannot post in this channel" (fall back to response_url). */
export const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/** How a posted message can be edited later; stored in MessageRef.extra.mode. */
export type RefMode = 'message' | 'response_url' | 'ephemeral';

export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

/** Sends, edits and uploads on behalf of the adapter. */
export class SlackOutbox {
  private readonly urls: ResponseUrls;
  /** Told after each channel post or edit: something an App Home shows may have changed (home-viewers.ts). */
  onChange: () => void = () => undefined;

  constructor(
    /** The running app's client (OAuth mode: answering with the current workspace's token). */
    readonly client: webApi.WebClient,
    state: EphemeralState,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {
    this.urls = new ResponseUrls(state, fetchFn);
  }

  /** Keeps a response_url under a random handle (so it can sit in modal metadata or a ref). */
  rememberResponseUrl(url: string): Promise<string> {
    return this.urls.remember(url);
  }

  /** The response_url behind a handle, while Slack still accepts it. */
  responseUrl(handle: string | undefined): Promise<string | undefined> {
    return this.urls.lookup(handle);
  }

  /**
   * Posts pages to a channel (later pages in the first one's thread); falls back to response_url
   * in_channel, whose last use says why in `channelLocale`'s language.
   */
  async postToChannel(
    channelId: string,
    pages: SlackPayload[],
    fallbackUrl?: string,
    channelLocale: ChannelLocaleLookup = DEFAULT_CHANNEL_LOCALE,
  ): Promise<MessageRef> {
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
          await this.urls.respond(fallbackUrl, { response_type: 'in_channel', ...page }, channelLocale);
      } catch (spent) {
        if (!(spent instanceof ResponseUrlSpent)) throw spent;
      }
      return {
        platform: 'slack',
        channelId,
        id: await this.urls.remember(fallbackUrl),
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
    this.onChange();
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
        await this.urls.respond(responseUrl, {
          response_type: 'ephemeral',
          replace_original: false,
          ...page,
        });
      }
      return {
        platform: 'slack',
        channelId,
        id: await this.urls.remember(responseUrl),
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

  /** Pins (pins.add) or unpins (pins.remove) a channel message: the live status card. */
  async setPinned(ref: MessageRef, pinned: boolean): Promise<void> {
    const where = { channel: ref.channelId, timestamp: ref.id };
    await (pinned ? this.client.pins.add(where) : this.client.pins.remove(where));
  }

  /**
   * Edits a posted message to `page`. Channel posts use chat.update (bot token, no time limit);
   * ephemeral ones use a live response_url (`preferredUrl`, e.g. from the click on that card), and
   * when none is left (expired, or its 5 uses spent) the new state is sent to the user as a fresh
   * ephemeral message with the bot token. Returns false when nothing could deliver it.
   */
  async update(
    ref: MessageRef,
    page: SlackPayload,
    preferredUrl?: string,
    channelLocale: ChannelLocaleLookup = DEFAULT_CHANNEL_LOCALE,
  ): Promise<boolean> {
    const mode = (ref.extra?.['mode'] ?? 'message') as RefMode;
    if (mode === 'message') {
      await this.client.chat.update({
        channel: ref.channelId,
        ts: ref.id,
        text: page.text,
        blocks: page.blocks,
      });
      this.onChange();
      return true;
    }
    const url = preferredUrl ?? (await this.urls.lookup(ref.id));
    if (url !== undefined) {
      try {
        await this.urls.respond(url, { replace_original: true, ...page }, channelLocale);
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

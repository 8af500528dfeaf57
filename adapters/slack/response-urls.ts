// Slack's response_urls: kept in the EphemeralState (shared by replicas) under a random handle,
// never in MessageRefs, because anyone holding one can post as the app. Slack honours one 5 times
// in 30 minutes, so each POST is counted: the 5th says so (in the channel's language) and a 6th
// is refused here instead of by Slack.
import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, t, type EphemeralState, type Locale } from '../../src/core/index.js';
import type { SlackPayload } from './render.js';

/** Slack keeps a response_url usable for 30 minutes. */
const RESPONSE_URL_TTL_MS = 30 * 60_000;
/** ... and for at most this many posts. */
export const RESPONSE_URL_USES = 5;

/** The language of a note everyone in the channel sees, read only when one is written. */
export type ChannelLocaleLookup = () => Promise<Locale>;

/** Without a lookup (no request, or a core that gave none): the default language. */
export const DEFAULT_CHANNEL_LOCALE: ChannelLocaleLookup = () => Promise.resolve(DEFAULT_LOCALE);

/** Shown on the last edit a response_url allows, so the channel knows why the card stops changing. */
export const lastUseNote = (locale: Locale): string => t(locale, 'slack.lastUse');

/** Thrown instead of a 6th POST to a response_url (Slack would refuse it). */
export class ResponseUrlSpent extends Error {
  constructor() {
    super('this Slack response_url has been used the 5 times Slack allows');
  }
}

const handleKey = (handle: string) => `slack:ru:${handle}`;
// The counter is keyed by a digest, so the state never holds the URL twice.
const usesKey = (url: string) => `slack:ruc:${createHash('sha256').update(url).digest('base64url')}`;

/** Keeps, finds and POSTs to response_urls, counting their uses. */
export class ResponseUrls {
  constructor(
    private readonly state: EphemeralState,
    private readonly fetchFn: typeof fetch,
  ) {}

  /** Keeps a response_url under a random handle (so it can sit in modal metadata or a ref). */
  async remember(url: string): Promise<string> {
    const handle = randomUUID();
    await this.state.set(handleKey(handle), url, RESPONSE_URL_TTL_MS);
    return handle;
  }

  /** The response_url behind a handle, while Slack still accepts it. */
  async lookup(handle: string | undefined): Promise<string | undefined> {
    return handle === undefined ? undefined : ((await this.state.get(handleKey(handle))) ?? undefined);
  }

  /**
   * POSTs JSON to a response_url; Slack answers 200 "ok" or an error status. Each call counts as a
   * use; with `lastUseIn`, the 5th carries the last-use note in that language; a 6th throws ResponseUrlSpent.
   */
  async respond(
    url: string,
    body: SlackPayload & Record<string, unknown>,
    lastUseIn?: ChannelLocaleLookup,
  ): Promise<void> {
    const uses = await this.state.increment(usesKey(url), RESPONSE_URL_TTL_MS);
    if (uses > RESPONSE_URL_USES) throw new ResponseUrlSpent();
    if (uses === RESPONSE_URL_USES && lastUseIn) body = withNote(body, lastUseNote(await lastUseIn()));
    const response = await this.fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw await refusal(response);
  }
}

/** A refused POST, carrying Slack's code (invalid_blocks…) where the Web API client puts it. */
async function refusal(response: Response): Promise<Error> {
  const code = (await response.text().catch(() => '')).trim();
  const error = new Error(`Slack response_url answered ${response.status}`);
  return /^[a-z_]{1,64}$/.test(code) ? Object.assign(error, { data: { error: code } }) : error;
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

// Builds and sends Slack-signed requests the way Slack does: v0 HMAC-SHA256 over
// `v0:<timestamp>:<raw body>` in X-Slack-Signature, form-encoded slash commands and
// `payload=<json>` interactions, POSTed to the adapter's /slack/events.
import { createHmac, randomUUID } from 'node:crypto';
import { request, type Agent } from 'node:http';

/** The HTTP answer of the adapter to one signed request. */
export interface SlackHttpResult {
  status: number;
  body: string;
}

/** Signing knobs for negative tests: wrong secret, old timestamp, tampered signature. */
export interface SignOptions {
  secret: string;
  /** Unix seconds; defaults to now. */
  timestamp?: number;
  /** Replace the computed signature (bad-signature tests). */
  signature?: string;
  /** Further headers, e.g. X-Slack-Retry-Num on a retried delivery. */
  headers?: Record<string, string>;
}

/** The v0 signature Slack sends for `body` at `timestamp`. */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** POSTs a signed form body to the adapter (through `agent`'s connections if given); resolves with the HTTP status and body. */
export function postSigned(
  url: string,
  form: string,
  sign: SignOptions,
  agent?: Agent,
): Promise<SlackHttpResult> {
  const timestamp = sign.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = sign.signature ?? slackSignature(sign.secret, timestamp, form);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        ...(agent ? { agent } : {}),
        headers: {
          // Events API deliveries are JSON; commands and interactions are forms.
          'content-type': form.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
          'x-slack-signature': signature,
          'x-slack-request-timestamp': String(timestamp),
          ...sign.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}

/** Fields of a `/vps` slash command; user and channel as Slack ids. */
export interface SlashFields {
  text: string;
  userId: string;
  userName?: string;
  channelId: string;
  responseUrl: string;
  command?: string;
  /** The workspace (default T0001). */
  teamId?: string;
}

/** The form body Slack sends for a slash command. */
export function slashCommandForm(f: SlashFields): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: f.teamId ?? 'T0001',
    team_domain: 'acme',
    channel_id: f.channelId,
    channel_name: 'ops',
    user_id: f.userId,
    user_name: f.userName ?? f.userId.toLowerCase(),
    command: f.command ?? '/vps',
    text: f.text,
    api_app_id: 'A0001',
    response_url: f.responseUrl,
    trigger_id: `trigger-${Date.now()}`,
  }).toString();
}

/** A block_actions payload for a button click on a message. */
export function buttonClickPayload(f: {
  actionId: string;
  value: string;
  userId: string;
  channelId: string;
  messageTs: string;
  responseUrl: string;
  ephemeral?: boolean;
  /** The workspace the click comes from (OAuth mode); T0001 otherwise. */
  teamId?: string;
}): Record<string, unknown> {
  const teamId = f.teamId ?? 'T0001';
  return {
    type: 'block_actions',
    team: { id: teamId, domain: 'acme' },
    user: { id: f.userId, username: f.userId.toLowerCase(), team_id: teamId },
    api_app_id: 'A0001',
    token: 'legacy-verification-token',
    container: {
      type: 'message',
      message_ts: f.messageTs,
      channel_id: f.channelId,
      is_ephemeral: f.ephemeral ?? false,
    },
    trigger_id: `trigger-${Date.now()}`,
    channel: { id: f.channelId, name: 'ops' },
    message: { type: 'message', ts: f.messageTs, text: 'card' },
    response_url: f.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: f.actionId,
        block_id: 'vps_confirmation',
        value: f.value,
        text: { type: 'plain_text', text: 'x' },
        action_ts: String(Date.now() / 1000),
      },
    ],
  };
}

/** A block_actions payload for a choice in an overflow menu (`url` when the option is a link). */
export function overflowChoicePayload(f: {
  actionId: string;
  value: string;
  url?: string;
  userId: string;
  channelId: string;
  messageTs: string;
  responseUrl: string;
}): Record<string, unknown> {
  const click = buttonClickPayload(f);
  const text = { type: 'plain_text', text: 'x' };
  const selected = { text, value: f.value, ...(f.url ? { url: f.url } : {}) };
  return {
    ...click,
    actions: [
      {
        type: 'overflow',
        action_id: f.actionId,
        block_id: 'vps_run',
        selected_option: selected,
        action_ts: String(Date.now() / 1000),
      },
    ],
  };
}

/** What every interaction payload starts with: its type, the workspace, the user and the app. */
function interactionHead(type: string, userId: string, teamId: string): Record<string, unknown> {
  return {
    type,
    team: { id: teamId, domain: 'acme' },
    user: { id: userId, username: userId.toLowerCase(), team_id: teamId },
    api_app_id: 'A0001',
    token: 'legacy-verification-token',
  };
}

/** A view_submission payload for the typed-confirmation modal. */
export function viewSubmissionPayload(f: {
  userId: string;
  callbackId: string;
  privateMetadata: string;
  blockId: string;
  actionId: string;
  typed: string;
  teamId?: string;
}): Record<string, unknown> {
  const teamId = f.teamId ?? 'T0001';
  return {
    ...interactionHead('view_submission', f.userId, teamId),
    trigger_id: `trigger-${Date.now()}`,
    view: {
      id: 'V1',
      team_id: teamId,
      type: 'modal',
      callback_id: f.callbackId,
      private_metadata: f.privateMetadata,
      blocks: [],
      state: { values: { [f.blockId]: { [f.actionId]: { type: 'plain_text_input', value: f.typed } } } },
      hash: 'h',
      title: { type: 'plain_text', text: 'x' },
      app_id: 'A0001',
      bot_id: 'BBOT',
    },
    response_urls: [],
  };
}

/** The form body Slack sends for an interaction: `payload=<json>`. */
export function interactionForm(payload: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** An Events API delivery of app_home_opened (the person opened the app's Home tab). */
export function homeOpenedEvent(f: { userId: string; teamId?: string }): string {
  const teamId = f.teamId ?? 'T0001';
  return JSON.stringify({
    token: 'legacy-verification-token',
    team_id: teamId,
    api_app_id: 'A0001',
    type: 'event_callback',
    event_id: `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    event: {
      type: 'app_home_opened',
      user: f.userId,
      channel: 'D0HOME',
      tab: 'home',
      event_ts: String(Date.now() / 1000),
    },
  });
}

/** A block_actions payload for a button click in the App Home (no channel, no response_url). */
export function homeClickPayload(f: {
  actionId: string;
  value: string;
  userId: string;
  teamId?: string;
}): Record<string, unknown> {
  const teamId = f.teamId ?? 'T0001';
  return {
    ...interactionHead('block_actions', f.userId, teamId),
    container: { type: 'view', view_id: 'V0HOME' },
    trigger_id: `trigger-${Date.now()}`,
    view: { id: 'V0HOME', type: 'home', team_id: teamId },
    actions: [
      {
        type: 'button',
        action_id: f.actionId,
        block_id: 'home',
        value: f.value,
        text: { type: 'plain_text', text: 'x' },
        action_ts: String(Date.now() / 1000),
      },
    ],
  };
}

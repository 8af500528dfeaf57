// Discord's side of the Interactions Endpoint URL: an Ed25519 key pair for the fake application,
// and delivery of an interaction as a signed POST (or an unsigned / forged / stale one) whose
// response body is the interaction's first answer.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import {
  autocompletePayload,
  buttonPayload,
  messageCommandPayload,
  modalPayload,
  slashPayload,
  userMessage,
  type FakeMessageBody,
  type FakeOptionValue,
  type FakeUser,
  type FakeWorld,
} from './fake-discord-payloads.js';
import type { FakeDiscordStore, StoredInteraction } from './fake-discord-store.js';

/** The fake application's signing key; `publicKeyHex` is what DISCORD_PUBLIC_KEY is set to. */
export interface InteractionSigner {
  publicKeyHex: string;
  sign(timestamp: string, body: string): string;
}

/** A fresh key pair, as the Developer Portal would show its public half. */
export function createInteractionSigner(): InteractionSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x ?? '';
  return {
    publicKeyHex: Buffer.from(x, 'base64url').toString('hex'),
    sign: (timestamp, body) => signWith(privateKey, timestamp, body),
  };
}

function signWith(key: KeyObject, timestamp: string, body: string): string {
  return sign(null, Buffer.from(timestamp + body), key).toString('hex');
}

/** How a delivery is signed: properly (default), not at all, by another key, or with a skewed clock. */
export interface DeliveryOptions {
  signature?: 'valid' | 'none' | 'forged';
  /** Seconds added to the current time in X-Signature-Timestamp. */
  skewSeconds?: number;
  /** Raw body to send instead of the JSON payload (still signed). */
  rawBody?: string;
}

/** What the endpoint answered. */
export interface DeliveryResult {
  status: number;
  body: unknown;
}

const forger = createInteractionSigner();

/** POSTs `payload` to an Interactions Endpoint URL the way Discord does. */
export async function postSigned(
  url: string,
  signer: InteractionSigner,
  payload: unknown,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const body = options.rawBody ?? JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000) + (options.skewSeconds ?? 0));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signature !== 'none') {
    const by = options.signature === 'forged' ? forger : signer;
    headers['x-signature-ed25519'] = by.sign(timestamp, body);
    headers['x-signature-timestamp'] = timestamp;
  }
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

type Payload = { id: string; token: string; type: number; channel_id: string };

/** What the fake Discord lends its HTTP side. */
export interface HttpSideDeps {
  world: FakeWorld;
  store: FakeDiscordStore;
  /** Applies a response body as the interaction's callback (type 4/5/6/7/8/9). */
  applyCallback(i: StoredInteraction, body: Record<string, unknown>): void;
  /** A stored message as the API shows it (for the `message` of clicks and modal submits). */
  messageApi(id: string): unknown;
}

/** The fake Discord's HTTP-interactions side: a signing key, delivery helpers, and ordering of webhook calls. */
export function createHttpSide(deps: HttpSideDeps) {
  const { world, store } = deps;
  const signer = createInteractionSigner();
  /** Interactions POSTed to an endpoint whose response (the first answer) has not been applied yet. */
  const answering = new Map<string, Promise<void>>();

  async function deliver(
    url: string,
    payload: Payload,
    sourceMessageId?: string,
    delivery: DeliveryOptions = {},
  ) {
    const stored = store.recordInteraction(payload, sourceMessageId);
    let done = () => undefined as void;
    answering.set(payload.token, new Promise<void>((resolve) => (done = resolve)));
    try {
      const result = await postSigned(url, signer, payload, delivery);
      if (result.status === 200 && typeof result.body === 'object' && result.body && payload.type !== 1)
        deps.applyCallback(stored, result.body as Record<string, unknown>);
      return { ...result, interaction: stored };
    } finally {
      answering.delete(payload.token);
      done();
    }
  }

  return {
    publicKeyHex: signer.publicKeyHex,
    /** Resolves once the first answer of the interaction with this token is applied (at once if none is awaited). */
    answered: (token: string): Promise<void> | undefined => answering.get(token),
    http: {
      ping: (url: string, delivery?: DeliveryOptions) =>
        deliver(url, { id: '1', token: 'ping', type: 1, channel_id: world.channelId }, undefined, delivery),
      slash: (url: string, user: FakeUser, path: string[], opts: Record<string, FakeOptionValue> = {}) =>
        deliver(url, slashPayload(world, user, path, opts)),
      click: (url: string, user: FakeUser, messageId: string, customId: string) =>
        deliver(url, buttonPayload(world, user, deps.messageApi(messageId), customId), messageId),
      submitModal: (
        url: string,
        user: FakeUser,
        messageId: string,
        customId: string,
        values: Record<string, string>,
      ) => deliver(url, modalPayload(world, user, deps.messageApi(messageId), customId, values), messageId),
      /** A modal opened by a slash command (not from a message) submitted. */
      submitCommandModal: (url: string, user: FakeUser, customId: string, values: Record<string, string>) =>
        deliver(url, modalPayload(world, user, undefined, customId, values)),
      autocomplete: (
        url: string,
        user: FakeUser,
        path: string[],
        opts: Record<string, FakeOptionValue>,
        focused: string,
      ) => deliver(url, autocompletePayload(world, user, path, opts, focused)),
      /** `author`'s message with `body` (default: `user`'s), then `user` runs the message command `name` on it. */
      messageCommand: (url: string, user: FakeUser, name: string, body: FakeMessageBody, author = user) =>
        deliver(url, messageCommandPayload(world, user, userMessage(world, author, body), name)),
      raw: (url: string, payload: unknown, delivery: DeliveryOptions) =>
        postSigned(url, signer, payload, delivery),
    },
  };
}

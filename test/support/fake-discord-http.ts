// Discord's side of the Interactions Endpoint URL: an Ed25519 key pair for the fake application,
// and delivery of an interaction as a signed POST (or an unsigned / forged / stale one) whose
// response body is the interaction's first answer.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

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

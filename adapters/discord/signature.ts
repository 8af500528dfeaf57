// Discord signs every interaction it POSTs to an Interactions Endpoint URL with the application's
// Ed25519 key: X-Signature-Ed25519 over X-Signature-Timestamp + raw body. Checked with Node's own
// crypto, headers and clock first, so nothing unsigned, forged or replayed is ever parsed.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Requests older or newer than this (by their signed timestamp) are refused as replays. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

/** Why a request was refused (logged; the client only ever sees 401). */
export type SignatureProblem =
  'missing headers' | 'malformed signature' | 'stale timestamp' | 'bad signature';

/** Checks one request; null when it is genuinely from Discord and fresh. */
export type SignatureCheck = (
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
) => SignatureProblem | null;

/** Whether a DISCORD_PUBLIC_KEY value has the shape Discord shows in the portal (64 hex chars). */
export function isPublicKeyHex(value: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(value);
}

/** The application's public key (hex, as shown in the Developer Portal) as a KeyObject. */
export function publicKeyFromHex(hex: string): KeyObject {
  if (!isPublicKeyHex(hex)) throw new Error('the Discord public key must be 64 hexadecimal characters');
  const x = Buffer.from(hex, 'hex').toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/** Builds the check for one application key; `now` is injectable for tests. */
export function createSignatureCheck(publicKeyHex: string, now: () => number = Date.now): SignatureCheck {
  const key = publicKeyFromHex(publicKeyHex);
  return (signature, timestamp, rawBody) => {
    if (!signature || !timestamp) return 'missing headers';
    if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,15}$/.test(timestamp)) return 'malformed signature';
    if (Math.abs(now() - Number(timestamp) * 1000) > SIGNATURE_WINDOW_MS) return 'stale timestamp';
    const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]);
    return verify(null, signed, key, Buffer.from(signature, 'hex')) ? null : 'bad signature';
  };
}

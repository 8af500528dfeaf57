import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, createEnvelope, decodeMasterKey } from '../../../src/secrets/envelope.js';

const SECRET = 'hk_live_0123456789abcdefWXYZ';
const master = () => randomBytes(32);

/** Flips one character of the dot-separated part `index` of a sealed value. */
function flip(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index] ?? '';
  const swapped = part[0] === 'A' ? 'B' : 'A';
  parts[index] = swapped + part.slice(1);
  return parts.join('.');
}

function refusal(run: () => unknown): EnvelopeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvelopeError);
    return error as EnvelopeError;
  }
  throw new Error('expected the envelope to refuse');
}

describe('envelope encryption', () => {
  it('round-trips a secret under a per-tenant data key, and never stores it in clear', () => {
    const envelope = createEnvelope(master());
    const wrapped = envelope.newDataKey('slack:T1');
    const sealed = envelope.seal('slack:T1', wrapped, SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).toMatch(/^v1\./);
    expect(envelope.open('slack:T1', wrapped, sealed)).toBe(SECRET);
    // A fresh IV each time: sealing twice gives two different values.
    expect(envelope.seal('slack:T1', wrapped, SECRET)).not.toBe(sealed);
    // Each tenant gets its own data key.
    expect(envelope.newDataKey('slack:T1')).not.toBe(wrapped);
  });

  it.each([
    ['the initialisation vector', 1],
    ['the authentication tag', 2],
    ['the ciphertext', 3],
  ])('refuses a sealed value whose %s was altered, without the plaintext in the error', (_what, index) => {
    const envelope = createEnvelope(master());
    const wrapped = envelope.newDataKey('slack:T1');
    const sealed = envelope.seal('slack:T1', wrapped, SECRET);
    const error = refusal(() => envelope.open('slack:T1', wrapped, flip(sealed, index)));
    expect(error.message).toMatch(/could not be decrypted/);
    expect(error.message).not.toContain(SECRET);
    expect(String(error.stack)).not.toContain(SECRET);
  });

  it('refuses an altered wrapped data key', () => {
    const envelope = createEnvelope(master());
    const wrapped = envelope.newDataKey('slack:T1');
    const sealed = envelope.seal('slack:T1', wrapped, SECRET);
    const error = refusal(() => envelope.open('slack:T1', flip(wrapped, 3), sealed));
    expect(error.message).toMatch(/data key could not be decrypted/);
  });

  it('refuses under another master key, naming VPSOPS_ENCRYPTION_KEY', () => {
    const first = createEnvelope(master());
    const wrapped = first.newDataKey('slack:T1');
    const sealed = first.seal('slack:T1', wrapped, SECRET);
    const error = refusal(() => createEnvelope(master()).open('slack:T1', wrapped, sealed));
    expect(error.message).toContain('VPSOPS_ENCRYPTION_KEY');
    expect(error.message).not.toContain(SECRET);
  });

  it("refuses another tenant's records, even with the same master key", () => {
    const envelope = createEnvelope(master());
    const wrapped = envelope.newDataKey('slack:T1');
    const sealed = envelope.seal('slack:T1', wrapped, SECRET);
    refusal(() => envelope.open('slack:T2', wrapped, sealed));
  });

  it('refuses malformed sealed values', () => {
    const envelope = createEnvelope(master());
    const wrapped = envelope.newDataKey('slack:T1');
    for (const bad of ['', 'v1', 'v2.a.b.c', `${envelope.seal('slack:T1', wrapped, SECRET)}.extra`])
      refusal(() => envelope.open('slack:T1', wrapped, bad));
  });
});

describe('decodeMasterKey', () => {
  it('accepts exactly 32 bytes in base64 (standard or url-safe) and nothing else', () => {
    const key = randomBytes(32);
    expect(decodeMasterKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(decodeMasterKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(decodeMasterKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(decodeMasterKey('not base64 at all!')).toBeNull();
    expect(decodeMasterKey('')).toBeNull();
  });
});

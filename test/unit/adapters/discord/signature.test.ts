// The Interactions Endpoint's request check: Discord's Ed25519 signature over timestamp + raw body,
// within 5 minutes either way; and the config values that switch the HTTP and sharded modes on.
import { describe, expect, it } from 'vitest';
import {
  createSignatureCheck,
  isPublicKeyHex,
  SIGNATURE_WINDOW_MS,
} from '../../../../adapters/discord/signature.js';
import { loadConfig } from '../../../../src/app/config/load.js';
import { createInteractionSigner } from '../../../support/fake-discord-http.js';

const NOW = 1_800_000_000_000;
const signer = createInteractionSigner();
const check = createSignatureCheck(signer.publicKeyHex, () => NOW);
const body = '{"type":1}';
const stamp = (offsetMs = 0) => String(Math.floor((NOW + offsetMs) / 1000));

describe('Discord request signature', () => {
  it('accepts a body signed with the application key at the current time', () => {
    const ts = stamp();
    expect(check(signer.sign(ts, body), ts, Buffer.from(body))).toBeNull();
  });

  it('refuses missing headers, a malformed signature and a tampered body', () => {
    const ts = stamp();
    const sig = signer.sign(ts, body);
    expect(check(undefined, ts, Buffer.from(body))).toBe('missing headers');
    expect(check(sig, undefined, Buffer.from(body))).toBe('missing headers');
    expect(check('zz', ts, Buffer.from(body))).toBe('malformed signature');
    expect(check(sig, 'yesterday', Buffer.from(body))).toBe('malformed signature');
    expect(check(sig, ts, Buffer.from('{"type":2}'))).toBe('bad signature');
  });

  it('refuses a signature made with another key', () => {
    const ts = stamp();
    const other = createInteractionSigner();
    expect(check(other.sign(ts, body), ts, Buffer.from(body))).toBe('bad signature');
  });

  it('refuses timestamps more than 5 minutes in the past or the future, even when correctly signed', () => {
    for (const offset of [-SIGNATURE_WINDOW_MS - 1000, SIGNATURE_WINDOW_MS + 1000]) {
      const ts = stamp(offset);
      expect(check(signer.sign(ts, body), ts, Buffer.from(body))).toBe('stale timestamp');
    }
    const edge = stamp(-SIGNATURE_WINDOW_MS + 1000);
    expect(check(signer.sign(edge, body), edge, Buffer.from(body))).toBeNull();
  });

  it('knows the shape of a public key and refuses to build a check from anything else', () => {
    expect(isPublicKeyHex(signer.publicKeyHex)).toBe(true);
    expect(isPublicKeyHex('abc')).toBe(false);
    expect(() => createSignatureCheck('not-hex')).toThrow(/64 hexadecimal/);
  });
});

describe('Discord mode settings', () => {
  it('reads DISCORD_PUBLIC_KEY and DISCORD_SHARD_COUNT', () => {
    const config = loadConfig({
      DISCORD_PUBLIC_KEY: signer.publicKeyHex,
      DISCORD_SHARD_COUNT: '4',
      PORT: '8080',
    });
    expect(config.discord).toMatchObject({ publicKey: signer.publicKeyHex, shardCount: 4 });
    expect(config.port).toBe(8080);
  });

  it('names the variable when the public key or the shard count is unusable', () => {
    expect(() => loadConfig({ DISCORD_PUBLIC_KEY: 'deadbeef' })).toThrow(
      /DISCORD_PUBLIC_KEY must be the 64 hex characters/,
    );
    expect(() => loadConfig({ DISCORD_SHARD_COUNT: '0' })).toThrow(/DISCORD_SHARD_COUNT/);
  });

  it('leaves both unset by default (gateway mode, recommended shard count)', () => {
    const config = loadConfig({});
    expect(config.discord.publicKey).toBeUndefined();
    expect(config.discord.shardCount).toBeUndefined();
  });
});

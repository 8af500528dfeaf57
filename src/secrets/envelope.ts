// Envelope encryption of stored secrets (a tenant's bot token and hosting API key): each tenant has
// its own random 256-bit data key, kept only wrapped (AES-256-GCM) by the master key
// VPSOPS_ENCRYPTION_KEY; secrets are sealed with AES-256-GCM under the data key. The tenant id is
// bound in as associated data, so a record copied to another tenant does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** A sealed value could not be opened: tampered with, another tenant's, or another master key's. */
export class EnvelopeError extends Error {
  constructor(what: string) {
    super(
      `${what} could not be decrypted: it was altered, belongs to another tenant, or was encrypted ` +
        'under a different VPSOPS_ENCRYPTION_KEY',
    );
    this.name = 'EnvelopeError';
  }
}

/** Decodes VPSOPS_ENCRYPTION_KEY (base64 of exactly 32 bytes); null when it is not that. */
export function decodeMasterKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) && !/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** A secret for one purpose derived from the master key (HKDF-SHA256): the key itself is never reused. */
export function derivedSecret(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `vpsops:${purpose}`, KEY_BYTES));
}

/** Seals and opens one tenant's secrets; keys never leave this object in clear. */
export interface Envelope {
  /** A fresh random data key for `tenantId`, wrapped by the master key (store this). */
  newDataKey(tenantId: string): string;
  /** Encrypts `plaintext` under the tenant's wrapped data key. */
  seal(tenantId: string, wrappedKey: string, plaintext: string): string;
  /** Decrypts what `seal` produced; EnvelopeError when anything was altered or mismatched. */
  open(tenantId: string, wrappedKey: string, sealed: string): string;
  /**
   * The data key wrapped by the current master key when a previous one wrapped it (rotation), null
   * when the current one already does; EnvelopeError when neither opens it.
   */
  rewrap(tenantId: string, wrappedKey: string): string | null;
}

function encrypt(key: Buffer, plaintext: Buffer, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

function decrypt(key: Buffer, sealed: string, aad: string, what: string): Buffer {
  const [version, iv, tag, body, extra] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || extra !== undefined)
    throw new EnvelopeError(what);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== TAG_BYTES) throw new EnvelopeError(what);
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    // Node's own error says nothing useful ("Unsupported state…"); ours says what to check.
    throw new EnvelopeError(what);
  }
}

/**
 * The envelope over a 32-byte master key (see decodeMasterKey); `previous` master keys (rotation:
 * VPSOPS_ENCRYPTION_KEY_PREVIOUS) still open the data keys they wrapped, and `rewrap` moves those
 * to the current key.
 */
export function createEnvelope(masterKey: Buffer, previous: readonly Buffer[] = []): Envelope {
  if ([masterKey, ...previous].some((key) => key.length !== KEY_BYTES))
    throw new Error('the master key must be 32 bytes');
  const master = Buffer.from(masterKey);
  const masters = [master, ...previous.map((key) => Buffer.from(key))];
  /** The data key, and the index of the master key that opened it. */
  const unwrap = (tenantId: string, wrappedKey: string): { key: Buffer; by: number } => {
    for (const [by, candidate] of masters.entries()) {
      try {
        const key = decrypt(candidate, wrappedKey, `data-key:${tenantId}`, "the tenant's data key");
        if (key.length === KEY_BYTES) return { key, by };
      } catch {
        // Not this master key: try the next (rotation), or fail below.
      }
    }
    throw new EnvelopeError("the tenant's data key");
  };
  const dataKey = (tenantId: string, wrappedKey: string) => unwrap(tenantId, wrappedKey).key;
  return {
    rewrap(tenantId, wrappedKey) {
      const { key, by } = unwrap(tenantId, wrappedKey);
      return by === 0 ? null : encrypt(master, key, `data-key:${tenantId}`);
    },
    newDataKey: (tenantId) => encrypt(master, randomBytes(KEY_BYTES), `data-key:${tenantId}`),
    seal: (tenantId, wrappedKey, plaintext) =>
      encrypt(dataKey(tenantId, wrappedKey), Buffer.from(plaintext, 'utf8'), `secret:${tenantId}`),
    open: (tenantId, wrappedKey, sealed) =>
      decrypt(dataKey(tenantId, wrappedKey), sealed, `secret:${tenantId}`, 'the stored secret').toString(
        'utf8',
      ),
  };
}

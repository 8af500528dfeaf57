// What a click or a card edit needs on whichever replica handles it, kept in the shared
// EphemeralState instead of process memory: the interaction token that can still edit a message
// (Discord honours it for 15 minutes) and the typed-confirmation texts of open cards. Tokens are
// kept here, not in MessageRefs, because refs are logged and stored; they are never logged.
import type { EphemeralState } from '../../src/core/index.js';

/** How long an interaction token is trusted (Discord: 15 min; a minute of margin). */
export const TOKEN_TTL_MS = 14 * 60_000;

/** The modal texts of a card that asks for typed confirmation. */
export interface TypedSpec {
  title: string;
  label: string;
  placeholder?: string;
}

const tokenKey = (messageId: string) => `discord:tok:${messageId}`;
const typedKey = (token: string) => `discord:typed:${token}`;

/** Interaction tokens by message id and typed specs by confirmation token, with their lifetimes. */
export class DiscordInteractionState {
  constructor(
    private readonly state: EphemeralState,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers that `token` (issued at `issuedAt`) can edit message `messageId`. */
  async rememberToken(messageId: string, token: string, issuedAt: number): Promise<void> {
    const ttl = issuedAt + TOKEN_TTL_MS - this.now();
    if (ttl > 0) await this.state.set(tokenKey(messageId), token, ttl);
  }

  /** A still-valid token for the message, if any. */
  async token(messageId: string): Promise<string | undefined> {
    return (await this.state.get(tokenKey(messageId))) ?? undefined;
  }

  /** Forgets a token Discord refused (expired or revoked). */
  async forgetToken(messageId: string): Promise<void> {
    await this.state.delete(tokenKey(messageId));
  }

  /** Records the modal a Confirm click on `token` must open, until a minute after the card expires. */
  async rememberTyped(token: string, spec: TypedSpec, expiresAt: number): Promise<void> {
    const { title, label, placeholder } = spec;
    const value = JSON.stringify(
      placeholder === undefined ? { title, label } : { title, label, placeholder },
    );
    await this.state.set(typedKey(token), value, Math.max(expiresAt - this.now(), 0) + 60_000);
  }

  /** The modal texts for a token, if its card asked for typed confirmation. */
  async typed(token: string): Promise<TypedSpec | undefined> {
    const raw = await this.state.get(typedKey(token));
    if (raw === null) return undefined;
    try {
      const value = JSON.parse(raw) as Partial<TypedSpec>;
      if (typeof value.title !== 'string' || typeof value.label !== 'string') return undefined;
      return typeof value.placeholder === 'string'
        ? { title: value.title, label: value.label, placeholder: value.placeholder }
        : { title: value.title, label: value.label };
    } catch {
      return undefined;
    }
  }
}

// What a click or a card edit needs on whichever replica handles it, kept in the shared
// EphemeralState instead of process memory: the interaction token that can still edit a message
// (Discord honours it for 15 minutes). Tokens are kept here, not in MessageRefs, because refs are
// logged and stored; they are never logged. (A card's typed-confirmation texts are the core's.)
import type { EphemeralState } from '../../src/core/index.js';

/** How long an interaction token is trusted (Discord: 15 min; a minute of margin). */
export const TOKEN_TTL_MS = 14 * 60_000;

const tokenKey = (messageId: string) => `discord:tok:${messageId}`;

/** Interaction tokens by message id, with their lifetimes. */
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
}

// Interaction tokens let us edit our own messages (even ephemeral ones) for 15 minutes. They are
// kept here, keyed by message id, instead of inside MessageRefs — refs may be logged or stored,
// tokens must not. After expiry, edits fall back to the bot token (channel message edit).

/** How long an interaction token is trusted (Discord: 15 min; a minute of margin). */
export const TOKEN_TTL_MS = 14 * 60_000;

/** Message id → interaction token that can still edit it. */
export class EditTokens {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Remembers that `token` (issued at `issuedAt`) can edit message `messageId`. */
  remember(messageId: string, token: string, issuedAt: number): void {
    this.prune();
    this.tokens.set(messageId, { token, expiresAt: issuedAt + TOKEN_TTL_MS });
  }

  /** A still-valid token for the message, if any. */
  get(messageId: string): string | undefined {
    const entry = this.tokens.get(messageId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.tokens.delete(messageId);
      return undefined;
    }
    return entry.token;
  }

  /** Forgets a token Discord refused (expired or revoked). */
  forget(messageId: string): void {
    this.tokens.delete(messageId);
  }

  private prune(): void {
    const now = this.now();
    for (const [id, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(id);
  }
}

/** Pending typed confirmations seen in rendered cards: token → modal texts (until they expire). */
export class TypedConfirmations {
  private readonly specs = new Map<
    string,
    { title: string; label: string; placeholder?: string; expiresAt: number }
  >();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records the modal a Confirm click on `token` must open. */
  remember(
    token: string,
    spec: { title: string; label: string; placeholder?: string },
    expiresAt: number,
  ): void {
    const now = this.now();
    for (const [key, value] of this.specs) if (value.expiresAt <= now) this.specs.delete(key);
    this.specs.set(token, { ...spec, expiresAt: Math.max(expiresAt, now) + 60_000 });
  }

  /** The modal texts for a token, if its card asked for typed confirmation. */
  get(token: string): { title: string; label: string; placeholder?: string } | undefined {
    return this.specs.get(token);
  }
}

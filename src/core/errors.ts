// Expected failures (bad input, denied, expired…) are UserErrors: returned as chat messages with a
// stable identifier, never logged as crashes. Anything else is caught once by the runner.
import type { SeenIdKind } from './ports.js';
import { plainLine } from '../render/builders.js';
import type { Button, Inline } from '../render/message.js';

/** Stable identifiers of expected failures; tests and audit records use these. */
export type UserErrorId =
  | 'unknown-command'
  | 'usage'
  | 'invalid-argument'
  | 'nothing-to-do'
  | 'unknown-instance'
  | 'ambiguous-instance'
  | 'no-bound-instance'
  | 'denied'
  | 'wrong-channel'
  | 'not-requester'
  | 'needs-approver'
  | 'expired'
  | 'already-used'
  /** A confirmation voided because the bot's state was damaged or lost: it never ran. */
  | 'state-lost'
  | 'typed-mismatch'
  | 'unknown-token'
  | 'instance-busy'
  /** The same action on the same server had an unknown outcome a moment ago (confirmation/unknown-hold.ts). */
  | 'outcome-unknown'
  | 'not-found'
  /** The bot cannot post in this channel (e.g. `watch` where it is not a member). */
  | 'cannot-post'
  /** A button of another workspace / guild (OAuth mode). */
  | 'other-tenant'
  /** Too many commands from this person or workspace this minute. */
  | 'rate-limited'
  /** `schedule` where no `vpsops serve` runs schedules on this store. */
  | 'no-schedule-runner';

/** An expected, user-facing failure with a message that says what was wrong and what to type. */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    readonly id: UserErrorId,
    message: string,
    /** Optional hint line, e.g. "Try: /vps help instance". */
    readonly hint?: string,
  ) {
    super(message);
  }

  /** A malformed id of a kind the bot remembers, so the reply can suggest the closest seen ids. */
  badId?: { kind: SeenIdKind; given: string };
  /** The message with the people it names as mentions (`message` is its plain form, @name). */
  parts?: Inline[];
  /** Buttons the refusal offers (a command to run, like Check now). */
  actions?: Button[];
}

/** A UserError naming people: shown with mentions (<@U…> on Slack, <@id> on Discord). */
export function userErrorNaming(id: UserErrorId, parts: Inline[], hint?: string): UserError {
  const error = new UserError(id, plainLine(parts), hint);
  error.parts = parts;
  return error;
}

/** The tenant's stored credentials (its sealed key) cannot be opened: the encryption key does not match them. */
export class CredentialsUnreadable extends Error {
  override readonly name = 'CredentialsUnreadable';
  constructor() {
    super("the tenant's stored credentials cannot be decrypted with VPSOPS_ENCRYPTION_KEY");
  }
}

/** A configuration problem (bad env var, bad policy file): the bot must not start. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Narrows an unknown catch value to an expected, user-facing failure. */
export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

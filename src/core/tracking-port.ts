// The port through which the runner hands a confirmed long operation (stop, delete, restore…) to
// whoever follows it to its end; the tracking module implements it, the core only calls it.
import type { FollowSpec } from './command.js';
import type { Message } from '../render/message.js';
import type { Actor, MessageRef, Responder } from './ports.js';
import type { Locale } from '../i18n/locale.js';

/** Where progress of a followed operation is shown: the card that confirmed it. */
export interface FollowTarget {
  responder: Responder;
  ref: MessageRef;
  actor: Actor;
  channelId: string;
  /** Epoch ms when the action was confirmed. */
  startedAt: number;
  /** The confirmed card as shown; progress and outcome lines are added under it, so it stays the record. */
  card?: Message;
  /** The card's language: progress and outcome lines are written in it (default English). */
  locale?: Locale;
}

/** Follows a long operation after a confirmed action; without one the runner does nothing more. */
export interface OperationTracker {
  /**
   * Starts following; the promise (never rejected) settles once the operation is recorded, so
   * the caller can show the outcome knowing another replica would finish it should this one die.
   */
  follow(spec: FollowSpec, target: FollowTarget): void | Promise<void>;
}

/** A tracker that follows nothing (exec without --follow, tests): the confirmed card is the end. */
export const NO_TRACKER: OperationTracker = { follow() {} };

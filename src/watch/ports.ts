// The ports the watch module needs from outside: posting "on the bot's own" to a channel (every
// chat adapter is the core's ChannelPoster; the pacer, delivery/paced-poster.ts, adds refresh and remind) and
// counting alerts for /metrics (prom-client behind it).
import type { ChannelPoster, MessageRef, Platform } from '../core/index.js';
import type { AlertKind } from '../core/kit/index.js';
import type { Message } from '../render/message.js';

/** A channel poster that also takes an edit rendered when it is sent (the latest state, across replicas). */
export function isPaced(poster: ChannelPoster): poster is PacedPoster {
  return typeof (poster as Partial<PacedPoster>).refresh === 'function';
}

/** A ChannelPoster whose posts and edits are paced per channel. */
export interface PacedPoster extends ChannelPoster {
  /** Edits `ref` with what `render` gives at sending time; coalesced like update(). */
  refresh(ref: MessageRef, render: () => Promise<Message>): Promise<void>;
  /** Posts a reminder after everything else waiting for the channel. */
  remind(channelId: string, message: Message): Promise<MessageRef>;
}

/** Reasons an alert could not be delivered; the `reason` label of vpsops_alert_delivery_failures_total. */
export const DELIVERY_FAILURES = [
  'not_in_channel',
  'channel_not_found',
  'missing_scope',
  'missing_access',
  'is_archived',
  'rate_limited',
  /** Discord's 30046: too many edits of a message older than an hour (the live card is re-posted). */
  'edit_limit',
  'other',
] as const;

/** One of DELIVERY_FAILURES. */
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

/** Folds any code into the closed set (user text never becomes a label). */
export function deliveryFailure(code: string | undefined): DeliveryFailure {
  return (DELIVERY_FAILURES as readonly string[]).includes(code ?? '') ? (code as DeliveryFailure) : 'other';
}

/** What the poller counts: alerts delivered by kind, deliveries that failed, and how many watches exist. */
export interface AlertMetrics {
  /** An alert card reached its channel (counted once per incident). */
  alertOpened(kind: AlertKind): void;
  /** A post or edit that still failed after its retries. */
  deliveryFailed(platform: Platform, reason: DeliveryFailure): void;
  watches(count: number): void;
  /** A PagerDuty event sent ("sent") or not (its failure reason). */
  paged?(action: 'trigger' | 'acknowledge' | 'resolve', outcome: string): void;
  /** A post or edit of the paced channel poster: sent (with its wait in the queue) or not, and why. */
  outbound?(platform: string, method: 'post' | 'update', outcome: string, delaySeconds?: number): void;
}

/** Metrics that go nowhere (tests, exec). */
export const NO_ALERT_METRICS: AlertMetrics = { alertOpened() {}, deliveryFailed() {}, watches() {} };

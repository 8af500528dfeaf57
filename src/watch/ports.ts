// The ports the watch module needs from outside: posting "on the bot's own" to a channel (each
// chat adapter implements ChannelPoster) and counting alerts for /metrics (prom-client behind it).
import type { MessageRef, Platform } from '../core/ports.js';
import type { Message } from '../render/message.js';
import type { AlertKind } from './types.js';

/** Posts and edits messages in a channel without an invocation to answer (alerts, notices). */
export interface ChannelPoster {
  readonly platform: Platform;
  post(channelId: string, message: Message): Promise<MessageRef>;
  update(ref: MessageRef, message: Message): Promise<void>;
}

/** What the poller counts: alerts opened by kind, and how many watches exist. */
export interface AlertMetrics {
  alertOpened(kind: AlertKind): void;
  watches(count: number): void;
}

/** Metrics that go nowhere (tests, exec). */
export const NO_ALERT_METRICS: AlertMetrics = { alertOpened() {}, watches() {} };

// Delivering what a watch says: a post or edit the platform refuses is retried with backoff; one
// that still fails is counted by reason and told privately to whoever set the watch, once per alert,
// so an alert the bot cannot post is never just a log line.
import { message, text } from '../render/builders.js';
import type { Message } from '../render/message.js';
import { deliveryFailure, type AlertMetrics, type ChannelPoster, type DeliveryFailure } from './ports.js';
import type { OpenAlert, WatchRecord } from './types.js';

/** Waits between attempts: 1 s, then 4 s (three attempts in all). */
export const DELIVERY_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

/** A post or edit that failed after its retries. */
export class Undelivered extends Error {
  constructor(
    readonly reason: DeliveryFailure,
    readonly error: unknown,
  ) {
    super(`alert not delivered: ${reason}`);
  }
}

/** What delivering needs. */
export interface DeliveryDeps {
  poster: ChannelPoster;
  metrics: AlertMetrics;
  /** Waits between attempts (default DELIVERY_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Runs `attempt` with retries; after the last failure counts it and throws Undelivered. */
export async function deliver<T>(deps: DeliveryDeps, attempt: () => Promise<T>): Promise<T> {
  const delays = deps.retryDelaysMs ?? DELIVERY_RETRY_DELAYS_MS;
  const sleep = deps.sleep ?? pause;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delays[tries];
      if (delay !== undefined) {
        await sleep(delay);
        continue;
      }
      const reason = deliveryFailure(deps.poster.failureReason?.(error));
      deps.metrics.deliveryFailed(deps.poster.platform, reason);
      throw new Undelivered(reason, error);
    }
  }
}

/** What to do about each reason, in words for the person who set the watch. */
const REMEDIES: Record<DeliveryFailure, string> = {
  not_in_channel: 'The bot is not a member of that channel: invite it there (e.g. /invite @vpsops).',
  channel_not_found: 'The channel is gone, or the bot cannot see it.',
  missing_scope: 'The bot token lacks a permission to post (Slack scope chat:write).',
  missing_access: 'The bot may not send messages there: give it View Channel and Send Messages.',
  is_archived: 'The channel is archived.',
  rate_limited: 'The platform kept refusing for rate limits.',
  other: 'The platform refused the message.',
};

/** Why the bot cannot post in a channel, as `watch` says it before storing anything. */
export function cannotPostText(reason: string): string {
  return REMEDIES[deliveryFailure(reason)];
}

/** The private note to the watch's owner about an alert that could not be posted. */
export function undeliveredNotice(watch: WatchRecord, alert: OpenAlert, reason: DeliveryFailure): Message {
  const line = `I could not post an alert for ${watch.instance.label} in channel ${watch.channelId}, where you set the watch: "${alert.detail}".`;
  return message('Alert not delivered', [text(line), text(REMEDIES[reason])], {
    tone: 'danger',
    summary: line,
  });
}

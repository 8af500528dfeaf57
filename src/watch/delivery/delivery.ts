// Delivering what a watch says: a post or edit the platform refuses is retried with backoff; one
// that still fails is counted by reason and told privately to whoever set the watch, once per alert,
// so an alert the bot cannot post is never just a log line.
import { DEFAULT_LOCALE, t, UserError, type Locale } from '../../core/index.js';
import { message, text } from '../../render/builders.js';
import type { Message } from '../../render/message.js';
import { deliveryFailure, type AlertMetrics, type DeliveryFailure } from '../ports.js';
import { type ChannelPoster } from '../../core/index.js';
import type { OpenAlert, WatchRecord } from '../types.js';

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

/** What to do about a reason, in words for the person who set the watch. */
function remedy(reason: DeliveryFailure, locale: Locale): string {
  return t(locale, `delivery.remedy.${reason}`);
}

/** Why the bot cannot post in a channel, as `watch` says it before storing anything. */
export function cannotPostText(reason: string, locale: Locale = DEFAULT_LOCALE): string {
  return remedy(deliveryFailure(reason), locale);
}

/** The refusal of `watch` (a server or a fleet) where the bot cannot post: nothing is stored. */
export function cannotPostError(reason: string, locale: Locale = DEFAULT_LOCALE): UserError {
  return new UserError(
    'cannot-post',
    t(locale, 'delivery.cannotPost', { remedy: cannotPostText(reason, locale) }),
    t(locale, 'delivery.thenAgain'),
  );
}

/** The private note to the watch's owner, in `locale`, about an alert that could not be posted. */
export function undeliveredNotice(
  watch: WatchRecord,
  alert: OpenAlert,
  reason: DeliveryFailure,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const line = t(locale, 'delivery.line', {
    label: watch.instance.label,
    channel: watch.channelId,
    detail: alert.detail,
  });
  return message(t(locale, 'delivery.title'), [text(line), text(remedy(reason, locale))], {
    tone: 'danger',
    summary: line,
  });
}

// One channel's queue of posts and edits, drained by one replica at a time on the budget the
// replicas share (paced-poster.ts is its face): each step decides under the channel's lock what goes
// out now (pacing.ts), sends it, and remembers what the card shows so an unchanged edit is skipped.
import { DEFAULT_LOCALE, type BotStore, type Locale, type MessageRef } from '../../core/index.js';
import type { Message } from '../../render/message.js';
import { delayNotice } from '../cards/alert-card.js';
import {
  enqueue,
  newPacer,
  nextSend,
  pauseBucket,
  type CardShown,
  type ChannelPacer,
  type Outbound,
  type OutboundKind,
  type PacingSettings,
} from '../rules/pacing.js';
import type { ChannelPoster } from '../../core/index.js';
import { contentKey, cardKeyOf, type sharedPacingBook } from '../books/shared-pacing.js';

/** When a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 5_000;
/** The longest nap between two looks at a channel's queue. */
const MAX_NAP_MS = 1_000;

/** `outcome` of vpsops_outbound_total. */
export type OutboundOutcome = 'sent' | 'failed' | 'rate_limited' | 'coalesced' | 'unchanged';

/** What the pacer counts (vpsops_outbound_total, vpsops_outbound_delay_seconds). */
export type OutboundCount = (
  platform: string,
  method: 'post' | 'update',
  outcome: OutboundOutcome,
  delaySeconds?: number,
) => void;

/** What pacing needs. */
export interface PacingDeps {
  store: Pick<BotStore, 'ephemeral' | 'leases'>;
  count?: OutboundCount;
  now?: () => number;
  /** How to wait for the channel's next turn (tests move a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  settings?: PacingSettings;
  warn?: (message: string, detail: Record<string, unknown>) => void;
  /** A channel's language, for the delay notice everyone there reads (default English). */
  localeOf?: (channelId: string) => Promise<Locale>;
}

export interface Job {
  method: 'post' | 'update';
  ref?: MessageRef;
  /** A post under this message (its thread) rather than in the channel. */
  threadOf?: MessageRef;
  render: () => Promise<Message>;
  resolve: (ref: MessageRef | undefined) => void;
  reject: (error: unknown) => void;
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** One poster's pacing: its channels' local queues, the shared book and what it counts. */
export interface Pacing {
  poster: ChannelPoster;
  deps: PacingDeps;
  now: () => number;
  settings: PacingSettings;
  count: OutboundCount;
  shared: ReturnType<typeof sharedPacingBook>;
  channels: Map<string, ChannelPacer<Job>>;
  draining: Set<string>;
}

/** This replica's pacer of one channel. */
function local(pacing: Pacing, channelId: string): ChannelPacer<Job> {
  let pacer = pacing.channels.get(channelId);
  if (!pacer) pacing.channels.set(channelId, (pacer = newPacer<Job>(pacing.now(), pacing.settings)));
  return pacer;
}

/** Queues one job; an edit replacing a pending edit of the same card settles that one as coalesced. */
export function queue(
  pacing: Pacing,
  channelId: string,
  kind: OutboundKind,
  job: Job,
  cardKey?: string,
): void {
  const pacer = local(pacing, channelId);
  const next = enqueue(pacer, {
    kind,
    ...(cardKey ? { cardKey } : {}),
    queuedAt: pacing.now(),
    payload: job,
  });
  for (const gone of pacer.queue.filter((q) => !next.queue.includes(q))) {
    pacing.count(pacing.poster.platform, 'update', 'coalesced');
    gone.payload.resolve(undefined);
  }
  pacing.channels.set(channelId, next);
}

/** Sends what the channel's queue holds, one decision at a time, napping until its next turn. */
export async function drain(pacing: Pacing, channelId: string): Promise<void> {
  const { deps, now, draining } = pacing;
  if (draining.has(channelId)) return;
  draining.add(channelId);
  try {
    while (local(pacing, channelId).queue.length > 0) {
      const { decided, shownBefore } = await step(pacing, channelId);
      if (decided.delayNotice) {
        // Written when it is sent, in the channel's language then.
        const render = async () => delayNotice(await (deps.localeOf?.(channelId) ?? DEFAULT_LOCALE));
        queue(pacing, channelId, 'reply', {
          method: 'post',
          render,
          resolve: () => undefined,
          reject: () => undefined,
        });
      }
      if (decided.send) await perform(pacing, channelId, decided.send, shownBefore);
      else
        await (deps.sleep ?? pause)(
          Math.min(MAX_NAP_MS, Math.max(1, (decided.wakeAt ?? now() + MAX_NAP_MS) - now())),
        );
    }
  } catch (error) {
    // The store or lock failed: everything waiting here fails, to be retried by its sender.
    const waiting = local(pacing, channelId).queue;
    pacing.channels.set(channelId, { ...local(pacing, channelId), queue: [] });
    for (const item of waiting) item.payload.reject(error);
    deps.warn?.('pacing: a channel could not be paced', { err: error, channel: channelId });
  } finally {
    draining.delete(channelId);
  }
}

/** One decision under the channel's lock: what goes out now, on the shared budget. */
function step(pacing: Pacing, channelId: string) {
  const { shared, now, settings } = pacing;
  return shared.locked(channelId, async () => {
    const seen = await shared.read(channelId);
    const mine = local(pacing, channelId);
    const at = now();
    const decided = nextSend({ ...mine, bucket: seen.bucket, cards: seen.cards }, at, settings);
    const sent = decided.send;
    // An edit about to go out holds the card's 5 s slot on every replica from now.
    if (sent?.kind === 'edit' && sent.cardKey !== undefined)
      decided.pacer.cards[sent.cardKey] = { at, contentKey: seen.cards[sent.cardKey]?.contentKey ?? '' };
    await shared.write(channelId, { bucket: decided.pacer.bucket, cards: decided.pacer.cards }, at);
    // Items queued meanwhile stay: only the one sent leaves the local queue.
    pacing.channels.set(channelId, {
      ...mine,
      queue: local(pacing, channelId).queue.filter((q) => q !== sent),
      delayNoticed: decided.pacer.delayNoticed,
    });
    return { decided, shownBefore: sent?.cardKey ? seen.cards[sent.cardKey] : undefined };
  });
}

/** Sends one job: an edit that changes nothing visible is skipped; a 429 pauses the channel's budget. */
async function perform(pacing: Pacing, channelId: string, item: Outbound<Job>, shownBefore?: CardShown) {
  const { poster, count, now, shared } = pacing;
  const { platform } = poster;
  const job = item.payload;
  const delaySeconds = Math.max(0, now() - item.queuedAt) / 1000;
  try {
    const msg = await inChannelLanguage(pacing.deps, channelId, await job.render());
    const key = contentKey(msg);
    if (job.method === 'update' && job.ref) {
      if (shownBefore?.contentKey === key) {
        count(platform, 'update', 'unchanged');
        return job.resolve(undefined);
      }
      await poster.update(job.ref, msg);
      count(platform, 'update', 'sent', delaySeconds);
      await remember(pacing, channelId, cardKeyOf(job.ref), key, 0);
      return job.resolve(undefined);
    }
    const ref =
      job.threadOf && poster.reply
        ? await poster.reply(job.threadOf, msg)
        : await poster.post(channelId, msg);
    count(platform, 'post', 'sent', delaySeconds);
    // Its first edit compares with what it shows now (a ticking duration alone is no change).
    await remember(pacing, channelId, cardKeyOf(ref), key, pacing.settings.editIntervalMs);
    return job.resolve(ref);
  } catch (error) {
    const limited = poster.failureReason?.(error) === 'rate_limited';
    count(platform, job.method, limited ? 'rate_limited' : 'failed');
    if (limited) {
      const wait = poster.retryAfterMs?.(error) ?? DEFAULT_RETRY_AFTER_MS;
      await shared
        .change(channelId, (record, at) => {
          record.bucket = pauseBucket(record.bucket, at, wait);
        })
        .catch(() => undefined);
    }
    return job.reject(error);
  }
}

// What a card shows now, once sent; a failure here must not turn a delivered message into a retry.
function remember(pacing: Pacing, channelId: string, cardKey: string, key: string, earlierMs: number) {
  return pacing.shared
    .change(channelId, (record, at) => {
      record.cards[cardKey] = { at: at - earlierMs, contentKey: key };
    })
    .catch((error: unknown) => pacing.deps.warn?.('pacing: recording a sent card failed', { err: error }));
}

// Everyone in the channel reads it: the renderer's own words (pages, expiry) in the channel's language.
async function inChannelLanguage(deps: PacingDeps, channelId: string, msg: Message): Promise<Message> {
  return msg.locale || !deps.localeOf ? msg : { ...msg, locale: await deps.localeOf(channelId) };
}

// Every alert and notice a channel poster sends, paced per channel (pacing.ts decides): new posts
// draw on one budget per channel shared by the replicas through the store (1 per second, small
// bursts), edits of one card are coalesced (latest wins, at most one per card per 5 s, none when
// nothing visible changed), a 429's Retry-After pauses the channel, and when alerts wait longer
// than 30 s the channel is told once. Replicas agree under the channel's lock (shared-pacing.ts).
import { DEFAULT_LOCALE, t, type BotStore, type Locale, type MessageRef } from '../core/index.js';
import { message, text } from '../render/builders.js';
import type { Message } from '../render/message.js';
import {
  DEFAULT_PACING,
  enqueue,
  newPacer,
  nextSend,
  pauseBucket,
  type CardShown,
  type ChannelPacer,
  type Outbound,
  type OutboundKind,
  type PacingSettings,
} from './pacing.js';
import type { PacedPoster } from './ports.js';
import type { ChannelPoster } from '../core/index.js';
import { cardKeyOf, contentKey, sharedPacingBook } from './shared-pacing.js';

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

/** When a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 5_000;
/** The longest nap between two looks at a channel's queue. */
const MAX_NAP_MS = 1_000;

/** The delay notice, once per episode, in the channel's language. */
export function delayNotice(locale: Locale = DEFAULT_LOCALE): Message {
  const line = t(locale, 'pacing.delayed');
  return message(undefined, [text(line)], { tone: 'warning', summary: line });
}

interface Job {
  method: 'post' | 'update';
  ref?: MessageRef;
  /** A post under this message (its thread) rather than in the channel. */
  threadOf?: MessageRef;
  render: () => Promise<Message>;
  resolve: (ref: MessageRef | undefined) => void;
  reject: (error: unknown) => void;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Wraps `poster` so every post and edit it sends is paced per channel. */
export function pacedPoster(poster: ChannelPoster, deps: PacingDeps): PacedPoster {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? pause;
  const settings = deps.settings ?? DEFAULT_PACING;
  const count: OutboundCount = deps.count ?? (() => undefined);
  const { platform } = poster;
  const channels = new Map<string, ChannelPacer<Job>>();
  const draining = new Set<string>();
  const shared = sharedPacingBook(deps.store, platform, now, settings);

  const local = (channelId: string): ChannelPacer<Job> => {
    let pacer = channels.get(channelId);
    if (!pacer) channels.set(channelId, (pacer = newPacer<Job>(now(), settings)));
    return pacer;
  };

  /** One decision under the channel's lock: what goes out now, on the shared budget. */
  const step = (channelId: string) =>
    shared.locked(channelId, async () => {
      const seen = await shared.read(channelId);
      const mine = local(channelId);
      const at = now();
      const decided = nextSend({ ...mine, bucket: seen.bucket, cards: seen.cards }, at, settings);
      const sent = decided.send;
      // An edit about to go out holds the card's 5 s slot on every replica from now.
      if (sent?.kind === 'edit' && sent.cardKey !== undefined)
        decided.pacer.cards[sent.cardKey] = { at, contentKey: seen.cards[sent.cardKey]?.contentKey ?? '' };
      await shared.write(channelId, { bucket: decided.pacer.bucket, cards: decided.pacer.cards }, at);
      // Items queued meanwhile stay: only the one sent leaves the local queue.
      channels.set(channelId, {
        ...mine,
        queue: local(channelId).queue.filter((q) => q !== sent),
        delayNoticed: decided.pacer.delayNoticed,
      });
      return { decided, shownBefore: sent?.cardKey ? seen.cards[sent.cardKey] : undefined };
    });

  // What a card shows now, once sent; a failure here must not turn a delivered message into a retry.
  const remember = (channelId: string, cardKey: string, key: string, earlierMs: number) =>
    shared
      .change(channelId, (record, at) => {
        record.cards[cardKey] = { at: at - earlierMs, contentKey: key };
      })
      .catch((error: unknown) => deps.warn?.('pacing: recording a sent card failed', { err: error }));

  // Everyone in the channel reads it: the renderer's own words (pages, expiry) in the channel's language.
  const inChannelLanguage = async (channelId: string, msg: Message): Promise<Message> =>
    msg.locale || !deps.localeOf ? msg : { ...msg, locale: await deps.localeOf(channelId) };

  const perform = async (channelId: string, item: Outbound<Job>, shownBefore?: CardShown) => {
    const job = item.payload;
    const delaySeconds = Math.max(0, now() - item.queuedAt) / 1000;
    try {
      const msg = await inChannelLanguage(channelId, await job.render());
      const key = contentKey(msg);
      if (job.method === 'update' && job.ref) {
        if (shownBefore?.contentKey === key) {
          count(platform, 'update', 'unchanged');
          return job.resolve(undefined);
        }
        await poster.update(job.ref, msg);
        count(platform, 'update', 'sent', delaySeconds);
        await remember(channelId, cardKeyOf(job.ref), key, 0);
        return job.resolve(undefined);
      }
      const ref =
        job.threadOf && poster.reply
          ? await poster.reply(job.threadOf, msg)
          : await poster.post(channelId, msg);
      count(platform, 'post', 'sent', delaySeconds);
      // Its first edit compares with what it shows now (a ticking duration alone is no change).
      await remember(channelId, cardKeyOf(ref), key, settings.editIntervalMs);
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
  };

  const drain = async (channelId: string): Promise<void> => {
    if (draining.has(channelId)) return;
    draining.add(channelId);
    try {
      while (local(channelId).queue.length > 0) {
        const { decided, shownBefore } = await step(channelId);
        if (decided.delayNotice) {
          // Written when it is sent, in the channel's language then.
          const notice = async () => delayNotice(await (deps.localeOf?.(channelId) ?? DEFAULT_LOCALE));
          channels.set(channelId, add(local(channelId), 'reply', { method: 'post', notice }));
        }
        if (decided.send) await perform(channelId, decided.send, shownBefore);
        else await sleep(Math.min(MAX_NAP_MS, Math.max(1, (decided.wakeAt ?? now() + MAX_NAP_MS) - now())));
      }
    } catch (error) {
      // The store or lock failed: everything waiting here fails, to be retried by its sender.
      const waiting = local(channelId).queue;
      channels.set(channelId, { ...local(channelId), queue: [] });
      for (const item of waiting) item.payload.reject(error);
      deps.warn?.('pacing: a channel could not be paced', { err: error, channel: channelId });
    } finally {
      draining.delete(channelId);
    }
  };

  /** Queues one job; an edit replacing a pending edit of the same card settles that one as coalesced. */
  function add(
    pacer: ChannelPacer<Job>,
    kind: OutboundKind,
    spec: { method: 'post'; notice: () => Promise<Message> } | { method: 'update' | 'post'; job: Job },
    cardKey?: string,
  ): ChannelPacer<Job> {
    const job: Job =
      'job' in spec
        ? spec.job
        : {
            method: 'post',
            render: spec.notice,
            resolve: () => undefined,
            reject: () => undefined,
          };
    const next = enqueue(pacer, {
      kind,
      ...(cardKey ? { cardKey } : {}),
      queuedAt: now(),
      payload: job,
    });
    for (const gone of pacer.queue.filter((q) => !next.queue.includes(q))) {
      count(platform, 'update', 'coalesced');
      gone.payload.resolve(undefined);
    }
    return next;
  }

  const submit = <T>(
    channelId: string,
    kind: OutboundKind,
    method: 'post' | 'update',
    render: () => Promise<Message>,
    ref?: MessageRef,
    threadOf?: MessageRef,
  ) =>
    new Promise<T>((resolve, reject) => {
      const job: Job = {
        method,
        render,
        resolve: resolve as (value: MessageRef | undefined) => void,
        reject,
        ...(ref ? { ref } : {}),
        ...(threadOf ? { threadOf } : {}),
      };
      channels.set(channelId, add(local(channelId), kind, { method, job }, ref ? cardKeyOf(ref) : undefined));
      void drain(channelId);
    });

  const paced = Object.create(poster) as PacedPoster;
  paced.post = (channelId, msg) => submit<MessageRef>(channelId, 'alert', 'post', async () => msg);
  paced.update = (ref, msg) => submit<void>(ref.channelId, 'edit', 'update', async () => msg, ref);
  paced.refresh = (ref, render) => submit<void>(ref.channelId, 'edit', 'update', render, ref);
  paced.remind = (channelId, msg) => submit<MessageRef>(channelId, 'reminder', 'post', async () => msg);
  // Thread posts draw on the channel's post budget like any other post.
  if (poster.reply)
    paced.reply = (ref, msg) =>
      submit<MessageRef>(ref.channelId, 'alert', 'post', async () => msg, undefined, ref);
  return paced;
}

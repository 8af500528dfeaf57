// Delivery discipline within platform limits, pure and clock-injected: what a channel may send
// next. New posts take a token from the channel's bucket (1 per second sustained, a small burst);
// edits of one card are coalesced (latest wins, at most one per card per 5 s, none when the visible
// content is unchanged); a 429's Retry-After pauses the channel; command replies go before new
// alerts, alerts before edits, edits before reminders. When an alert has waited more than 30 s the
// caller is told once per delay episode, to say so in the channel. The state is plain JSON: the
// bucket record can live in the shared store so replicas share one budget per channel.

/** What is waiting to go out, most urgent first. */
export type OutboundKind = 'reply' | 'alert' | 'edit' | 'reminder';

const PRIORITY: Record<OutboundKind, number> = { reply: 0, alert: 1, edit: 2, reminder: 3 };

/** Tunables; times in ms. */
export interface PacingSettings {
  /** New posts per second, sustained. */
  postsPerSecond: number;
  /** Posts that may go at once after a quiet spell. */
  burst: number;
  /** At least this long between two edits of one card. */
  editIntervalMs: number;
  /** An alert waiting longer than this is "delayed": the channel is told once. */
  delayNoticeMs: number;
}

/** 1 post/s with bursts of 3, one edit per card per 5 s, a delay notice after 30 s. */
export const DEFAULT_PACING: PacingSettings = {
  postsPerSecond: 1,
  burst: 3,
  editIntervalMs: 5000,
  delayNoticeMs: 30_000,
};

/** A channel's post budget: tokens as of `updatedAt`, and a pause asked for by Retry-After. */
export interface Bucket {
  tokens: number;
  updatedAt: number;
  pausedUntil?: number;
}

/** A full bucket. */
export function fullBucket(now: number, settings: PacingSettings = DEFAULT_PACING): Bucket {
  return { tokens: settings.burst, updatedAt: now };
}

/** The bucket refilled up to `now` (never above the burst; nothing refills during a pause). */
export function refill(bucket: Bucket, now: number, settings: PacingSettings = DEFAULT_PACING): Bucket {
  if (now <= bucket.updatedAt) return bucket;
  const tokens = Math.min(
    settings.burst,
    bucket.tokens + ((now - bucket.updatedAt) / 1000) * settings.postsPerSecond,
  );
  const next: Bucket = { tokens, updatedAt: now };
  if (bucket.pausedUntil !== undefined && bucket.pausedUntil > now) next.pausedUntil = bucket.pausedUntil;
  return next;
}

/** Takes one token when there is one; else says how long until there is. */
export function takeToken(
  bucket: Bucket,
  now: number,
  settings: PacingSettings = DEFAULT_PACING,
): { bucket: Bucket; taken: boolean; waitMs: number } {
  if (bucket.pausedUntil !== undefined && bucket.pausedUntil > now)
    return { bucket, taken: false, waitMs: bucket.pausedUntil - now };
  const current = refill(bucket, now, settings);
  if (current.tokens >= 1)
    return { bucket: { ...current, tokens: current.tokens - 1 }, taken: true, waitMs: 0 };
  return {
    bucket: current,
    taken: false,
    waitMs: Math.ceil(((1 - current.tokens) / settings.postsPerSecond) * 1000),
  };
}

/** Honours a 429: nothing goes to the channel before `now + retryAfterMs`, then one post and the sustained rate, no burst. */
export function pauseBucket(bucket: Bucket, now: number, retryAfterMs: number): Bucket {
  const until = Math.max(now + Math.max(0, retryAfterMs), bucket.pausedUntil ?? 0);
  return { tokens: 1, updatedAt: until, pausedUntil: until };
}

/** One thing to send. `payload` is the caller's (a message, a ref and a message…). */
export interface Outbound<T> {
  kind: OutboundKind;
  /** The card this edits (edits), or the card this post creates (alerts, when it will be edited later). */
  cardKey?: string;
  /** What the card visibly says (e.g. a hash of its rendered text without ticking durations). */
  contentKey?: string;
  queuedAt: number;
  payload: T;
}

/** What the pacer remembers of a card: its last edit (or post) and what it shows. */
export interface CardShown {
  at: number;
  contentKey: string;
}

/** One channel's pacing state. */
export interface ChannelPacer<T> {
  bucket: Bucket;
  queue: Outbound<T>[];
  cards: Record<string, CardShown>;
  /** The current delay episode was already announced. */
  delayNoticed: boolean;
}

/** A fresh pacer for a channel. */
export function newPacer<T>(now: number, settings: PacingSettings = DEFAULT_PACING): ChannelPacer<T> {
  return { bucket: fullBucket(now, settings), queue: [], cards: {}, delayNoticed: false };
}

/**
 * Queues one item. An edit replaces the card's pending edit (latest wins, keeping the first one's
 * queue time) and is dropped altogether when it would show what the card already shows.
 */
export function enqueue<T>(pacer: ChannelPacer<T>, item: Outbound<T>): ChannelPacer<T> {
  if (item.kind !== 'edit' || item.cardKey === undefined) return { ...pacer, queue: [...pacer.queue, item] };
  const pending = pacer.queue.find((q) => q.kind === 'edit' && q.cardKey === item.cardKey);
  const rest = pacer.queue.filter((q) => q !== pending);
  const shown = pacer.cards[item.cardKey];
  if (shown !== undefined && item.contentKey !== undefined && shown.contentKey === item.contentKey)
    return { ...pacer, queue: rest };
  return { ...pacer, queue: [...rest, pending ? { ...item, queuedAt: pending.queuedAt } : item] };
}

/** Records a card posted or edited outside the queue (its first post), so equal edits are skipped. */
export function cardShown<T>(
  pacer: ChannelPacer<T>,
  cardKey: string,
  contentKey: string,
  now: number,
): ChannelPacer<T> {
  return { ...pacer, cards: { ...pacer.cards, [cardKey]: { at: now, contentKey } } };
}

/** Forgets a card (its incident is over and it will not be edited again). */
export function forgetCard<T>(pacer: ChannelPacer<T>, cardKey: string): ChannelPacer<T> {
  const cards = { ...pacer.cards };
  delete cards[cardKey];
  return { ...pacer, cards, queue: pacer.queue.filter((q) => !(q.kind === 'edit' && q.cardKey === cardKey)) };
}

/** A 429 with Retry-After on this channel. */
export function pauseChannel<T>(pacer: ChannelPacer<T>, now: number, retryAfterMs: number): ChannelPacer<T> {
  return { ...pacer, bucket: pauseBucket(pacer.bucket, now, retryAfterMs) };
}

/**
 * The next step of a channel: `send` the item to deliver now (removed from the queue), or nothing
 * until `wakeAt`. `delayNotice` is true once per delay episode — an alert waited longer than
 * delayNoticeMs — and the episode ends when no alert is waiting any more.
 */
export interface PacerStep<T> {
  pacer: ChannelPacer<T>;
  send?: Outbound<T>;
  wakeAt?: number;
  delayNotice: boolean;
}

/** Picks what goes out now, by priority then queue order. */
export function nextSend<T>(
  pacer: ChannelPacer<T>,
  now: number,
  settings: PacingSettings = DEFAULT_PACING,
): PacerStep<T> {
  const ordered = [...pacer.queue].sort(
    (a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.queuedAt - b.queuedAt,
  );
  const waits: number[] = [];
  let bucket = pacer.bucket;
  let send: Outbound<T> | undefined;
  const paused = bucket.pausedUntil !== undefined && bucket.pausedUntil > now;
  if (paused) waits.push(bucket.pausedUntil as number);
  let postsBlocked = paused;
  for (const item of paused ? [] : ordered) {
    if (item.kind === 'edit') {
      const last = item.cardKey !== undefined ? pacer.cards[item.cardKey] : undefined;
      const readyAt = last ? last.at + settings.editIntervalMs : now;
      if (readyAt <= now) {
        send = item;
        break;
      }
      waits.push(readyAt);
      continue;
    }
    // Every post draws on the one bucket: once one cannot go, none of lower priority can.
    if (postsBlocked) continue;
    const took = takeToken(bucket, now, settings);
    bucket = took.bucket;
    if (took.taken) {
      send = item;
      break;
    }
    postsBlocked = true;
    waits.push(now + took.waitMs);
  }
  let next: ChannelPacer<T> = {
    ...pacer,
    bucket,
    queue: send ? pacer.queue.filter((q) => q !== send) : pacer.queue,
  };
  if (send?.cardKey !== undefined && send.contentKey !== undefined)
    next = cardShown(next, send.cardKey, send.contentKey, now);
  const alertsWaiting = next.queue.filter((q) => q.kind === 'alert');
  const oldest = Math.min(
    ...alertsWaiting.map((q) => q.queuedAt),
    send?.kind === 'alert' ? send.queuedAt : Infinity,
  );
  const delayNotice = !pacer.delayNoticed && now - oldest > settings.delayNoticeMs;
  // The episode lasts while alerts wait; the next storm's delay is announced afresh.
  next = { ...next, delayNoticed: (pacer.delayNoticed || delayNotice) && alertsWaiting.length > 0 };
  const step: PacerStep<T> = { pacer: next, delayNotice };
  if (send) step.send = send;
  else if (waits.length > 0) step.wakeAt = Math.min(...waits);
  return step;
}

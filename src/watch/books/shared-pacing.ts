// What the replicas share about one channel's pacing, kept in the store: its post budget and what
// each card last showed (so an edit that changes nothing visible is skipped on every replica).
// Read and written under the channel's lock (channel-lock.ts).
import { createHash } from 'node:crypto';
import type { BotStore, MessageRef } from '../../core/index.js';
import type { Message } from '../../render/message.js';
import { renderText } from '../../render/text.js';
import { withChannelLock } from './channel-lock.js';
import { fullBucket, type Bucket, type CardShown, type PacingSettings } from '../rules/pacing.js';

/** A channel's shared pacing record outlives its last send by this much. */
const PACING_KEPT_MS = 60 * 60_000;
/** Cards not edited for this long are forgotten (their next edit goes at once). */
const CARD_MEMORY_MS = 60 * 60_000;

/** What replicas share per channel. */
export interface SharedPacing {
  bucket: Bucket;
  cards: Record<string, CardShown>;
}

export const cardKeyOf = (ref: MessageRef) => `${ref.channelId}/${ref.id}`;

/**
 * What a message visibly says, without ticking durations ("open for 3 min") or clock times: two
 * messages with the same key need no edit between them.
 */
export function contentKey(msg: Message): string {
  const visible = renderText(msg)
    .replace(/\b\d+(?:\.\d+)?\s?(?:ms|s|sec|min|h|d)\b/g, '#')
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, '#');
  return createHash('sha256')
    .update(visible)
    .update(JSON.stringify(msg.actions ?? []))
    .digest('hex');
}

/** One platform's shared pacing records, one per channel. */
export interface SharedPacingBook {
  read(channelId: string): Promise<SharedPacing>;
  write(channelId: string, shared: SharedPacing, at: number): Promise<void>;
  /** Runs `work` holding the channel's lock. */
  locked<T>(channelId: string, work: () => Promise<T>): Promise<T>;
  /** Reads, changes and writes the channel's record under its lock. */
  change(channelId: string, change: (shared: SharedPacing, at: number) => void): Promise<void>;
}

export function sharedPacingBook(
  store: Pick<BotStore, 'ephemeral' | 'leases'>,
  platform: string,
  now: () => number,
  settings: PacingSettings,
): SharedPacingBook {
  const sharedKey = (channelId: string) => `pacing:${platform}:${channelId}`;
  const lockName = (channelId: string) => `pacing-lock:${platform}:${channelId}`;
  const read = async (channelId: string): Promise<SharedPacing> => {
    const raw = await store.ephemeral.get(sharedKey(channelId));
    return raw ? (JSON.parse(raw) as SharedPacing) : { bucket: fullBucket(now(), settings), cards: {} };
  };
  const write = (channelId: string, shared: SharedPacing, at: number) => {
    const cards = Object.fromEntries(
      Object.entries(shared.cards).filter(([, c]) => at - c.at < CARD_MEMORY_MS),
    );
    return store.ephemeral.set(sharedKey(channelId), JSON.stringify({ ...shared, cards }), PACING_KEPT_MS);
  };
  const locked = <T>(channelId: string, work: () => Promise<T>) =>
    withChannelLock(store.leases, lockName(channelId), work);
  return {
    read,
    write,
    locked,
    change: (channelId, change) =>
      locked(channelId, async () => {
        const shared = await read(channelId);
        const at = now();
        change(shared, at);
        await write(channelId, shared, at);
      }),
  };
}

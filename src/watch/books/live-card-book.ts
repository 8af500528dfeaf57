// The live status cards in the store, one per channel and tenant (the tenant-scoped store keys
// them): where the card is and what it showed last, so any replica — or a restarted one — keeps
// editing the same card.
import type { BotStore, Locale, MessageRef, Platform } from '../../core/index.js';
import type { RecordCollection } from '../../core/kit/index.js';
import { WATCH_COLLECTIONS } from '../types.js';

/** One channel's live status card. */
export interface LiveCardRecord {
  /** Stamped by the tenant-scoped store in OAuth mode. */
  tenant?: string;
  platform: Platform;
  channelId: string;
  ref: MessageRef;
  /** The language it is kept in: that of whoever started it. */
  locale: Locale;
  /** "<platform>:<userId>" of whoever started it. */
  setBy: string;
  /** What it showed when last sent (the message as JSON): an unchanged card is not edited. */
  shown: string;
  /** When it was last posted or edited: edits are at most one per interval. */
  sentAt: number;
}

/** The collection of live cards. */
export const liveCards = (store: BotStore): RecordCollection<LiveCardRecord> =>
  store.collection<LiveCardRecord>(WATCH_COLLECTIONS.liveCards);

/** A channel's record id. */
export const liveCardId = (platform: Platform, channelId: string): string => `${platform}:${channelId}`;

/** The lease that lets one replica post a channel's card at a time. */
export const liveCardClaim = (platform: Platform, channelId: string): string =>
  `live-card-claim:${liveCardId(platform, channelId)}`;

/** The lease under which one replica keeps every live card current. */
export const LIVE_CARDS_LEASE = 'live-cards';

// The channel's live status card (`status --live`): posted and pinned once per channel (a claim in
// the store keeps two replicas from posting two), then kept current by the updater
// (live-card-updater.ts): the latest state, at most one edit per interval, none when nothing
// changed. A Discord edit refused for an old message (edit_limit) re-posts the card, pins the new one
// and unpins the old one. `off` unpins it and forgets it.
import { randomUUID } from 'node:crypto';
import {
  UserError,
  channelStatusMessage,
  lease,
  t,
  type BotStore,
  type ChannelPoster,
  type Locale,
  type MessageRef,
  type Platform,
  type TenantScope,
} from '../core/index.js';
import type { Message } from '../render/message.js';
import type { ChannelFacts, LiveCardService } from '../core/kit/index.js';
import { liveCardClaim, liveCardId, liveCards, type LiveCardRecord } from './books/live-card-book.js';

/** How long a `status --live` may take to post and record the card before another may try. */
const CLAIM_TTL_MS = 60_000;

/** At most one edit of a live card per this many ms (per channel). */
export const LIVE_EDIT_INTERVAL_MS = 10_000;

/** What the live cards need. */
export interface LiveCardDeps {
  store: BotStore;
  /** This replica's paced poster for the platform (none before the adapters are up, or in exec). */
  posterFor(platform: Platform): ChannelPoster | undefined;
  /** What the card shows now in this channel, in `locale`. */
  facts(where: { platform: Platform; channelId: string }, locale: Locale): Promise<ChannelFacts>;
  tenants: TenantScope;
  now: () => number;
  warn(message: string, detail: Record<string, unknown>): void;
  editIntervalMs?: number;
}

const render = async (deps: LiveCardDeps, card: Pick<LiveCardRecord, 'platform' | 'channelId' | 'locale'>) =>
  channelStatusMessage(card.locale, await deps.facts(card, card.locale), true);

/** Pins or unpins; a refusal is logged, never thrown (the card itself is what matters). */
async function pinned(
  deps: LiveCardDeps,
  poster: ChannelPoster,
  ref: MessageRef,
  pin: boolean,
): Promise<boolean> {
  try {
    await poster.setPinned?.(ref, pin);
    return true;
  } catch (error) {
    deps.warn(pin ? 'live card: pinning failed' : 'live card: unpinning failed', { err: error });
    return false;
  }
}

/** `status --live` and `status --live off`. */
export function liveCardService(deps: LiveCardDeps): LiveCardService {
  const cards = liveCards(deps.store);
  const owner = randomUUID();
  return {
    async start(platform, channelId, by, locale) {
      const poster = deps.posterFor(platform);
      if (!poster?.setPinned) throw new UserError('cannot-post', t(locale, 'live.cannotPin'));
      if (await cards.get(liveCardId(platform, channelId))) return 'kept';
      // Two `status --live` at once on two replicas: one posts, the other finds its card.
      const claim = lease(deps.store.leases, liveCardClaim(platform, channelId), owner, CLAIM_TTL_MS);
      if (!(await claim.take())) return 'kept';
      try {
        if (await cards.get(liveCardId(platform, channelId))) return 'kept';
        const message = await render(deps, { platform, channelId, locale });
        const ref = await poster.post(channelId, message);
        await cards.put(liveCardId(platform, channelId), {
          platform,
          channelId,
          ref,
          locale,
          setBy: `${by.platform}:${by.userId}`,
          shown: JSON.stringify(message),
          sentAt: deps.now(),
        });
        return (await pinned(deps, poster, ref, true)) ? 'posted' : 'unpinned';
      } finally {
        await claim.release();
      }
    },
    async stop(platform, channelId) {
      const card = await cards.get(liveCardId(platform, channelId));
      if (!card) return false;
      await cards.delete(liveCardId(platform, channelId));
      const poster = deps.posterFor(platform);
      if (poster) await pinned(deps, poster, card.ref, false);
      return true;
    },
  };
}

/** One pass over every live card (outside a tenant: each runs as its own). */
export async function refreshLiveCards(deps: LiveCardDeps): Promise<void> {
  for (const card of await liveCards(deps.store).list()) {
    await deps.tenants
      .run(card.tenant, () => refreshOne(deps, card))
      .catch((error: unknown) => deps.warn('live card: refreshing failed', { err: error }));
  }
}

async function refreshOne(deps: LiveCardDeps, card: LiveCardRecord): Promise<void> {
  const poster = deps.posterFor(card.platform);
  const interval = deps.editIntervalMs ?? LIVE_EDIT_INTERVAL_MS;
  if (!poster || deps.now() - card.sentAt < interval) return;
  const message = await render(deps, card);
  const shown = JSON.stringify(message);
  if (shown === card.shown) return;
  let ref = card.ref;
  try {
    await poster.update(card.ref, message);
  } catch (error) {
    if (poster.failureReason?.(error) !== 'edit_limit') throw error;
    ref = await repost(deps, poster, card, message);
  }
  const id = liveCardId(card.platform, card.channelId);
  // `off` while this edit was on its way: the record stays gone, and a card re-posted meanwhile unpinned.
  if (!(await liveCards(deps.store).get(id))) {
    if (ref !== card.ref) await pinned(deps, poster, ref, false);
    return;
  }
  await liveCards(deps.store).put(id, { ...card, ref, shown, sentAt: deps.now() });
}

/** The platform refuses edits of the old card: a new card, pinned, then the old one unpinned. */
async function repost(
  deps: LiveCardDeps,
  poster: ChannelPoster,
  card: LiveCardRecord,
  message: Message,
): Promise<MessageRef> {
  const ref = await poster.post(card.channelId, message);
  await pinned(deps, poster, ref, true);
  await pinned(deps, poster, card.ref, false);
  return ref;
}

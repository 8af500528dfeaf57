// `channel(id)` of every chat adapter: the bot speaking first in one channel is a view of the
// adapter's own outbound (its ChannelPoster members), so no adapter writes it twice.
import type { Channel, ChannelPoster } from '../core/index.js';

/** Channel `id` as `poster` posts in it. */
export function channelOf(poster: ChannelPoster, id: string): Channel {
  return {
    id,
    post: (message) => poster.post(id, message),
    update: (ref, message) => poster.update(ref, message),
  };
}

/** The running client an adapter's outbound posts with: refused before start() and after stop(). */
export function whileStarted<T>(platform: string, current: () => T | null | undefined): () => T {
  return () => {
    const value = current();
    if (value === null || value === undefined) throw new Error(`${platform} adapter is not started`);
    return value;
  };
}

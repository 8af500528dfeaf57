// Where replies, card edits and alerts leave the app: each through the outbound transforms, and
// each stored card's ref routed back to the adapter of its platform.
import type { MessageRef, Outbound, PlatformAdapter, Responder, TrackedOperation } from '../core/index.js';
import type { ChannelPoster } from '../watch/index.js';

/** The responder a router finds, sending through the outbound path. */
export function outgoingFor<T>(
  outbound: Outbound,
  responderFor: (key: T) => Responder | null,
): (key: T) => Responder | null {
  return (key) => {
    const responder = responderFor(key);
    return responder ? outbound.responder(responder) : null;
  };
}

/** The same poster (channel checks, failure reasons kept), every alert and notice it sends transformed. */
export function outgoingPoster(outbound: Outbound, poster: ChannelPoster): ChannelPoster {
  const wrapped = Object.create(poster) as ChannelPoster;
  const out = async (message: Parameters<Outbound['message']>[0]) => (
    await outbound.ready(),
    outbound.message(message)
  );
  wrapped.post = async (channelId, message) => poster.post(channelId, await out(message));
  wrapped.update = async (ref, message) => poster.update(ref, await out(message));
  // Thread replies (a group's member list, an alert's chart) take the same transforms as posts.
  const reply = poster.reply?.bind(poster);
  if (reply) wrapped.reply = async (ref, message) => reply(ref, await out(message));
  const tell = poster.tellPrivately?.bind(poster);
  if (tell) wrapped.tellPrivately = async (userId, message) => tell(userId, await out(message));
  return wrapped;
}

/** A chat adapter that can rebuild a Responder for a card it posted before a restart. */
export type ResumableAdapter = PlatformAdapter & {
  /** Null when the card cannot be edited any more (ephemeral, or not this platform's). */
  responderFor?(ref: MessageRef): Responder | null;
  /** Posts alerts on the bot's own (null before start). */
  poster?(): ChannelPoster | null;
};

/** Routes a card's ref to the adapter of its platform (for App.closeInterrupted). */
export function refRouter(adapters: readonly ResumableAdapter[]): (ref: MessageRef) => Responder | null {
  return (ref) => adapters.find((a) => a.platform === ref.platform)?.responderFor?.(ref) ?? null;
}

/** Routes each stored operation to the adapter of its card's platform (for App.resumeTracking). */
export function responderRouter(
  adapters: readonly ResumableAdapter[],
): (op: Pick<TrackedOperation, 'ref'>) => Responder | null {
  const byRef = refRouter(adapters);
  return (op) => byRef(op.ref);
}

// Where replies, card edits and alerts leave the app: each through the outbound transforms, and
// each stored card's ref routed back to the adapter of its platform.
import type {
  ChannelPoster,
  ChatAdapter,
  MessageRef,
  Outbound,
  Responder,
  TrackedOperation,
} from '../core/index.js';

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

/** Routes a card's ref to the adapter of its platform (for App.closeInterrupted). */
export function refRouter(adapters: readonly ChatAdapter[]): (ref: MessageRef) => Responder | null {
  return (ref) => adapters.find((a) => a.platform === ref.platform)?.restore(ref) ?? null;
}

/** Routes each stored operation to the adapter of its card's platform (for App.resumeTracking). */
export function responderRouter(
  adapters: readonly ChatAdapter[],
): (op: Pick<TrackedOperation, 'ref'>) => Responder | null {
  const byRef = refRouter(adapters);
  return (op) => byRef(op.ref);
}

// Where restored cards' edits leave the app: each stored card's ref routed back to the adapter of its
// platform, its responder through the outbound transforms (the one wrapper, src/core/runner/outbound.ts,
// which alerts and notices take too: create-app.ts hands the watches `outbound.poster(poster)`).
import type {
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

// The runner's side of deferral: the adapter's responder is acknowledged exactly once, and never
// after an answer — a reply that comes first (a failure before the decision, a progress note)
// defers with its own visibility, so a platform that must defer (Discord) always has.
import type { Visibility } from '../../render/message.js';
import type { Responder } from '../ports.js';

/** A responder whose defer runs at most once and whose first reply defers if nothing did yet. */
export interface DeferOnce {
  responder: Responder;
  /** Defers with this visibility unless already deferred. */
  defer(visibility: Visibility): Promise<void>;
}

/** Wraps the adapter's responder for one invocation. */
export function deferOnce(inner: Responder): DeferOnce {
  let deferred: Promise<void> | undefined;
  const defer = (visibility: Visibility): Promise<void> =>
    (deferred ??= inner.defer ? inner.defer(visibility) : Promise.resolve());
  // Keeps whatever else the adapter's responder carries (update, announce, the prototype chain).
  const responder = Object.create(inner) as Responder;
  responder.defer = defer;
  responder.reply = async (message, options) => {
    await defer(options?.visibility ?? message.visibility ?? 'ephemeral');
    return inner.reply(message, options);
  };
  return { responder, defer };
}

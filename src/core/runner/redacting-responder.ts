// Last line of defence for replies: every message a Responder sends passes through the redactor of
// the config's secrets (API key, chat tokens, signing secret) in every encoding they can take.
import { redactDeep, type Redactor } from '../../api/redact.js';
import type { Responder } from '../ports.js';

/** The same Responder, with every string of every outgoing message redacted. */
export function redactingResponder(responder: Responder, redact: Redactor): Responder {
  // Keeps whatever else the adapter's responder carries (the prototype chain), overriding the sends.
  const wrapped = Object.create(responder) as Responder;
  wrapped.reply = (message, options) => responder.reply(redactDeep(message, redact), options);
  wrapped.update = (ref, message) => responder.update(ref, redactDeep(message, redact));
  const announce = responder.announce?.bind(responder);
  if (announce) wrapped.announce = (message) => announce(redactDeep(message, redact));
  return wrapped;
}

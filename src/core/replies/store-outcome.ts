// The chat answer when the bot's state store (Redis) cannot be reached: says plainly that the
// store is down and whether anything may have changed, without hosts or other details (those go
// to the log). Kept apart from outcomes.ts so the runner only has to recognise the error.
import { context, text } from '../../render/builders.js';
import type { Message } from '../../render/message.js';
import type { StoreUnavailableError } from '../store-errors.js';

/** Message for a store outage; `mayHaveApplied` decides between "nothing changed" and "unknown". */
export function storeUnavailableMessage(error: StoreUnavailableError): Message {
  if (error.code === 'STORE_WRITE_REFUSED' || error.code === 'STORE_UNSAFE') return cannotWrite(error);
  const line = error.mayHaveApplied
    ? 'The bot’s state store stopped answering in the middle of this request, so whether it took effect is unknown.'
    : 'The bot’s state store is unreachable, so this was not done; nothing was changed.';
  const hint = error.mayHaveApplied
    ? 'Check the current state (e.g. instance show) before trying again; the bot reconnects by itself.'
    : 'Try again in a moment; the bot reconnects by itself. If it persists, the bot’s operator should check Redis.';
  return {
    title: 'State store unreachable',
    tone: 'error',
    blocks: [text(line), context(hint)],
    summary: line,
    outcome: 'error',
    visibility: 'ephemeral',
  };
}

/** The store answers but would not (or must not) record this: nothing was written, nothing run. */
function cannotWrite(error: StoreUnavailableError): Message {
  const line =
    error.code === 'STORE_UNSAFE'
      ? 'The bot’s state store can’t keep confirmations safely right now: nothing was done.'
      : 'The bot’s state store can’t write: nothing was done.';
  return {
    title: 'State store can’t write',
    tone: 'error',
    blocks: [
      text(line),
      context('The bot’s operator should check its state store (see /readyz and the log).'),
    ],
    summary: line,
    outcome: 'error',
    visibility: 'ephemeral',
  };
}

// The chat answer when the bot's state store (Redis) cannot be reached: says plainly that the
// store is down and whether anything may have changed, without hosts or other details (those go
// to the log). Kept apart from outcomes.ts so the runner only has to recognise the error.
import { context, text } from '../render/builders.js';
import type { Message } from '../render/message.js';
import type { StoreUnavailableError } from './store-errors.js';

/** Message for a store outage; `mayHaveApplied` decides between "nothing changed" and "unknown". */
export function storeUnavailableMessage(error: StoreUnavailableError): Message {
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

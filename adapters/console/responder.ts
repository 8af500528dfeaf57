// The console Responder: prints replies and card edits as text and remembers pending
// confirmations so the REPL (or exec) can ask for them once the dispatch has finished —
// by then the core has stored the pending action under its token.
import type { MessageRef, Responder } from '../../src/core/index.js';
import { pendingCard, type PendingCard } from '../../src/render/buttons.js';
import type { Message } from '../../src/render/message.js';
import { CONSOLE_CHANNEL } from './translate.js';

/** What one responder saw, in order: for exec exit codes and for tests. */
export interface ResponderEvent {
  kind: 'reply' | 'update' | 'announce';
  message: Message;
  ref?: MessageRef;
}

/** Where a responder sends each kind of output (REPL printer, exec stdout/stderr, a test array). */
export interface ResponderSink {
  reply(message: Message, ref: MessageRef): void;
  update(message: Message, ref: MessageRef): void;
  announce(message: Message): void;
}

/** A responder plus the confirmations it was asked to show. */
export interface ConsoleResponder {
  responder: Responder;
  events: ResponderEvent[];
  /** Pending confirmations shown since the last call, with the card they belong to. */
  takePending(): { actions: PendingCard; ref: MessageRef }[];
}

let nextRef = 0;

/** Builds a Responder whose refs stay valid for the life of the process (card edits minutes later). */
export function createConsoleResponder(
  sink: ResponderSink,
  channelId: string = CONSOLE_CHANNEL,
): ConsoleResponder {
  const events: ResponderEvent[] = [];
  let pending: { actions: PendingCard; ref: MessageRef }[] = [];
  const responder: Responder = {
    async reply(message) {
      nextRef += 1;
      const ref: MessageRef = { platform: 'console', channelId, id: `console-${nextRef}` };
      events.push({ kind: 'reply', message, ref });
      const card = pendingCard(message);
      if (card) pending.push({ actions: card, ref });
      sink.reply(message, ref);
      return ref;
    },
    async update(ref, message) {
      events.push({ kind: 'update', message, ref });
      sink.update(message, ref);
    },
    async announce(message) {
      events.push({ kind: 'announce', message });
      sink.announce(message);
    },
  };
  return {
    responder,
    events,
    takePending() {
      const taken = pending;
      pending = [];
      return taken;
    },
  };
}

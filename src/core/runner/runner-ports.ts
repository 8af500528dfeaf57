// The runner's collaborators after the reply, as explicit ports handed to createCore: what happens
// once a confirmation card is posted, and the per-card expiry timer. (The operation tracker, the
// third, is in tracking-port.ts.)
import type { MessageRef, Responder } from '../ports.js';
import type { BotStore, PendingConfirmation } from '../store.js';

/** Arms the prompt expiry of a card in the process that posted it; the sweeper covers every other case. */
export interface ExpiryTimer {
  arm(token: string, expiresAt: number, responder: Responder): void;
  /** Clears every armed timer (the bot is closing). */
  clear(): void;
}

/** Called by the runner after a reply is posted, when that reply is a confirmation card. */
export interface AfterReply {
  cardPosted(pending: PendingConfirmation, ref: MessageRef, responder: Responder): Promise<void>;
}

/** An ExpiryTimer of unref'd timeouts that call `onDue(token, responder)` 250 ms after expiry. */
export function createExpiryTimer(
  now: () => Date,
  onDue: (token: string, responder: Responder) => Promise<void>,
): ExpiryTimer {
  const timers = new Set<NodeJS.Timeout>();
  return {
    arm(token, expiresAt, responder) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void onDue(token, responder);
        },
        Math.max(0, expiresAt - now().getTime()) + 250,
      );
      timer.unref();
      timers.add(timer);
    },
    clear() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The default AfterReply: remember where the card is (so it can be edited) and arm its expiry. */
export function keepCards(store: BotStore, expiry: ExpiryTimer): AfterReply {
  return {
    async cardPosted(pending, ref, responder) {
      await store.pending.attachCard(pending.token, ref);
      expiry.arm(pending.token, pending.expiresAt, responder);
    },
  };
}

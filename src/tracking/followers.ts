// The operations one tracker follows: each under its lease, its polls and edits on unref'd timers
// that stopAll() cancels, its lease abandoned on stop so another process can adopt it.
import type { Lease, Responder, TrackedOperation } from '../core/index.js';
import type { Message } from '../render/message.js';
import { runOperation, type OperationDeps } from './follow-operation.js';
import type { FinalOutcome } from './messages.js';

/** The operations being followed here. */
export interface Followers {
  /** Ids of operations being followed right now. */
  running: Set<string>;
  /** Follows `op` under the taken lease, first poll after `firstDelayMs`. */
  start(
    op: TrackedOperation,
    opLeased: Lease,
    responder: Responder,
    firstDelayMs: number,
    card?: Message,
  ): void;
  /** Cancels every timer; the operations cut short stop renewing their leases. */
  stopAll(): void;
}

/** Unref'd one-shot timers, kept in `timers` so they can be cancelled; none once stopped. */
function timerScheduler(timers: Set<NodeJS.Timeout>, stopped: () => boolean) {
  return (ms: number, task: () => void): void => {
    if (stopped()) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
}

/**
 * The lease is renewed while the operation runs; a lost lease (another process took over after a
 * stall) stops following here so two processes never edit one card.
 */
export function followers(
  deps: Omit<OperationDeps, 'schedule'>,
  onDone: ((op: TrackedOperation, outcome: FinalOutcome) => void) | undefined,
): Followers {
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<Lease>();
  const running = new Set<string>();
  const schedule = timerScheduler(timers, deps.stopped);
  return {
    running,
    start(op, opLeased, responder, firstDelayMs, card) {
      running.add(op.id);
      held.add(opLeased);
      opLeased.keep();
      const opDeps = { ...deps, schedule, stopped: () => deps.stopped() || opLeased.lost };
      void runOperation(op, responder, opDeps, { firstDelayMs, card }).then((outcome) => {
        held.delete(opLeased);
        running.delete(op.id);
        void opLeased.release().catch(() => undefined); // a lost lease is not released (it is another's)
        if (outcome) onDone?.(op, outcome);
      });
    },
    stopAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Operations cut short stop renewing their leases too, so another process can adopt them.
      for (const opLeased of held) opLeased.abandon();
      held.clear();
      running.clear();
    },
  };
}

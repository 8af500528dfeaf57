// Admission of command work after the platform's acknowledgement, as one Dispatcher decorator that
// serve puts in front of every adapter. The adapters ack (Slack's 200, Discord's deferral) on the
// same thread that runs the commands, so a burst whose work all starts at
// once leaves each new request's ack queued behind every running command's callbacks. Acks have a
// 3 s deadline and replies none, so: a few commands' work at a time; none while commands are still
// pouring in (a flood), unless it has waited `flood.maxWaitMs`; and a command still waiting on a slow
// hosting API gives its slot up after `holdMs`, so one slow call never stalls the others. A lone
// command is never held back. While the HTTP server still owes an answer (answers-owed.ts: a
// request, or a new connection's first one, not yet answered) work waits too, within the same cap.

import type { Dispatcher, Responder } from '../core/index.js';
import type { AnswersOwed } from './answers-owed.js';

/** When arrivals count as a flood: two within `windowMs`, the latest less than `windowMs` ago. */
export interface FloodOptions {
  windowMs: number;
  /** Work waits for a flood to pass at most this long. */
  maxWaitMs: number;
}

/** Work with at most `slots` entered in the last `holdMs` and not yet finished. */
export interface Admission {
  /** A command has arrived (call before acking it): arrivals close together hold work back. */
  arrived(): void;
  /** Runs `work` once a slot is free; the slot is freed when it ends (or after holdMs). */
  run(work: () => Promise<void>): Promise<void>;
  /** Waits for a slot; call the returned function when the work ends (later calls do nothing). */
  enter(): Promise<() => void>;
  /** Work waiting for a slot. */
  readonly waiting: number;
}

/**
 * What serve admits commands with: two commands' work at a time; a command still waiting on the API
 * after 100 ms frees its slot; commands arriving under 5 ms apart are a flood whose work waits for
 * it to pass, at most 250 ms (200 commands are acked in about 100 ms on the 2-core machine; a reply
 * a quarter of a second later goes unnoticed, a missed ack fails the command).
 */
export const COMMAND_ADMISSION = { slots: 2, holdMs: 100, flood: { windowMs: 5, maxWaitMs: 250 } } as const;

interface Waiter {
  since: number;
  start(): void;
}

/** An admission queue; first come, first served. */
export function createAdmission(options: {
  slots: number;
  holdMs: number;
  flood?: FloodOptions;
  /** The HTTP answers still owed; work waits (as for a flood, capped alike) while any is. */
  answersOwed?: AnswersOwed;
  now?: () => number;
}): Admission {
  const now = options.now ?? Date.now;
  const queue: Waiter[] = [];
  let busy = 0;
  let last = -Infinity;
  let beforeLast = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  /** How long the head of the queue must still wait (a flood passing, or answers still owed); 0 when it may start. */
  const holdWait = (head: Waiter, at: number): number => {
    const flood = options.flood;
    if (!flood) return 0;
    const capIn = flood.maxWaitMs - (at - head.since);
    if (capIn <= 0) return 0;
    // Until the cap; pump() runs again as soon as the last owed answer is sent.
    if ((options.answersOwed?.count ?? 0) > 0) return capIn;
    if (last - beforeLast >= flood.windowMs) return 0;
    const quietIn = flood.windowMs - (at - last);
    return quietIn <= 0 ? 0 : Math.min(quietIn, capIn);
  };

  const take = (): (() => void) => {
    busy += 1;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      clearTimeout(holdTimer);
      busy -= 1;
      pump();
    };
    const holdTimer = setTimeout(release, options.holdMs);
    holdTimer.unref();
    return release;
  };

  function pump(): void {
    for (let head = queue[0]; head && busy < options.slots; head = queue[0]) {
      const wait = holdWait(head, now());
      if (wait > 0) {
        timer ??= setTimeout(() => {
          timer = undefined;
          pump();
        }, Math.ceil(wait));
        timer.unref();
        return;
      }
      queue.shift();
      head.start();
    }
  }

  options.answersOwed?.onSettled(() => {
    clearTimeout(timer);
    timer = undefined;
    pump();
  });

  const enter = (): Promise<() => void> =>
    new Promise((resolve) => {
      queue.push({ since: now(), start: () => resolve(take()) });
      pump();
    });

  return {
    get waiting() {
      return queue.length;
    },
    arrived() {
      beforeLast = last;
      last = now();
    },
    enter,
    async run(work) {
      const release = await enter();
      try {
        await work();
      } finally {
        release();
      }
    },
  };
}

/**
 * The dispatcher with commands admitted: each arrival is counted (an adapter that acknowledges on
 * receipt says so through `arrived()` at once; any other command when dispatched, which is on
 * receipt); a command already acknowledged (Slack) waits for a slot before any of its work, so a
 * flood's parsing and store reads do not compete with the acks still to send; any other command's
 * work after its deferral (the runner defers once parsed and authorised, and Discord must be
 * deferred within 3 s) waits for a slot. Clicks pass straight through.
 */
export function admittedDispatcher(
  inner: Dispatcher,
  admission: Admission = createAdmission(COMMAND_ADMISSION),
): Dispatcher {
  return {
    commands: () => inner.commands(),
    act: (event, responder) => inner.act(event, responder),
    typedDialog: (token) => inner.typedDialog(token),
    arrived: () => admission.arrived(),
    ...(inner.ackVisibility ? { ackVisibility: inner.ackVisibility.bind(inner) } : {}),
    async dispatch(invocation, responder) {
      if (responder.acknowledged) return admission.run(() => inner.dispatch(invocation, responder));
      admission.arrived();
      let release: (() => void) | undefined;
      // Object.create keeps the adapter's responder whole (every member it has); only defer changes.
      const admitted = Object.create(responder) as Responder;
      admitted.defer = async (visibility) => {
        await responder.defer?.(visibility);
        release ??= await admission.enter();
      };
      try {
        await inner.dispatch(invocation, admitted);
      } finally {
        release?.();
      }
    },
  };
}

// Admission of command work after the ack. Bolt acks on the same thread that runs the commands, so
// a burst whose work all starts at once leaves each new request's ack queued behind every running
// command's callbacks. Admitting a few at a time keeps that queue short; a command still waiting on
// a slow hosting API gives its slot up after `holdMs`, so one slow call never stalls the others.

/** Runs work with at most `slots` started in the last `holdMs` and not yet finished. */
export interface Admission {
  run(work: () => Promise<void>): Promise<void>;
  /** Commands waiting for a slot (for tests and metrics). */
  readonly waiting: number;
}

/** An admission queue; first come, first served. */
export function createAdmission(options: { slots: number; holdMs: number }): Admission {
  const queue: (() => void)[] = [];
  let busy = 0;

  const release = (): void => {
    busy -= 1;
    queue.shift()?.();
  };

  const start = async (work: () => Promise<void>): Promise<void> => {
    busy += 1;
    let released = false;
    const giveBack = (): void => {
      if (released) return;
      released = true;
      release();
    };
    const timer = setTimeout(giveBack, options.holdMs);
    timer.unref();
    try {
      await work();
    } finally {
      clearTimeout(timer);
      giveBack();
    }
  };

  return {
    get waiting() {
      return queue.length;
    },
    run(work) {
      if (busy < options.slots) return start(work);
      return new Promise<void>((resolve, reject) => {
        queue.push(() => start(work).then(resolve, reject));
      });
    },
  };
}

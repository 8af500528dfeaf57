// Admission of command work after the platform's acknowledgement. The adapters ack (Slack's 200,
// Discord's deferral) on the same thread that runs the commands, so a burst whose work all starts at
// once leaves each new request's ack queued behind every running command's callbacks. Admitting a
// few at a time keeps that queue short; a command still waiting on a slow hosting API gives its slot
// up after `holdMs`, so one slow call never stalls the others.

/** Work with at most `slots` entered in the last `holdMs` and not yet finished. */
export interface Admission {
  /** Runs `work` once a slot is free; the slot is freed when it ends (or after holdMs). */
  run(work: () => Promise<void>): Promise<void>;
  /** Waits for a slot; call the returned function when the work ends (later calls do nothing). */
  enter(): Promise<() => void>;
  /** Work waiting for a slot. */
  readonly waiting: number;
}

/** An admission queue; first come, first served. */
export function createAdmission(options: { slots: number; holdMs: number }): Admission {
  const queue: (() => void)[] = [];
  let busy = 0;

  const take = (): (() => void) => {
    busy += 1;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      busy -= 1;
      queue.shift()?.();
    };
    const timer = setTimeout(release, options.holdMs);
    timer.unref();
    return release;
  };

  const enter = (): Promise<() => void> => {
    if (busy < options.slots) return Promise.resolve(take());
    return new Promise((resolve) => queue.push(() => resolve(take())));
  };

  return {
    get waiting() {
      return queue.length;
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

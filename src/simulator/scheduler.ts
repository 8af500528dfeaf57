// Timers for asynchronous transitions (terminate, restore, storage, …). They never keep the
// process alive, and close() cancels them all.

/** Runs state transitions later, or at once when the delay is 0. */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Runs `task` after `ms` (synchronously when ms ≤ 0, so "immediate" timing is truly immediate). */
  after(ms: number, task: () => void): void {
    if (this.closed) return;
    if (ms <= 0) {
      task();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** A promise that resolves after `ms` (used by the latency fault); cancelled timers never resolve. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** Cancels every pending timer; later calls to after() are ignored. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

// Clean-up that still runs when a test fails: stop every resource even when an earlier stop throws
// (a fake platform's close() fails on conformance findings), and kill whichever spawned children a
// failed or timed-out test left running.
import type { ChildProcess } from 'node:child_process';

/** Runs every step in order even when one throws, then rethrows the first error. */
export async function stopAll(...steps: (() => unknown)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/** Children spawned by one test file; `reap` (in afterAll/afterEach) kills those still running. */
export interface ChildReaper {
  track<C extends ChildProcess>(child: C): C;
  reap(): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Builds a reaper; tracked children are forgotten once they exit on their own. */
export function childReaper(): ChildReaper {
  const children = new Set<ChildProcess>();
  return {
    track(child) {
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    },
    async reap() {
      const left = [...children].filter(running);
      await Promise.all(
        left.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              if (!child.kill('SIGKILL') || !running(child)) resolve();
            }),
        ),
      );
      children.clear();
    },
  };
}

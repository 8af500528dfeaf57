// A long-running server should hand memory back after a burst. V8's default policy keeps the heap a
// burst grew (2,000 unanswered previews: ~280 MB resident long after); with --optimize-for-size it
// collects and returns it (~110–210 MB ten seconds later) but costs ~50% more CPU while busy. So serve
// switches: V8's default while the event loop is busy, memory-saving once it has been quiet for a
// second. V8 reads the flag at each collection, so flipping it at run time takes effect.
// VPSOPS_OPTIMIZE_FOR_SIZE=0 leaves V8's default policy alone.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/** How the governor decides: event-loop utilisation per sample, and how many quiet samples in a row. */
export interface FootprintOptions {
  /** Sets a V8 flag (v8.setFlagsFromString; injectable for tests). */
  setFlags?: (flags: string) => void;
  /** Utilisation (0–1) above which a sample counts as busy. */
  busyAbove?: number;
  /** Quiet samples in a row before the memory-saving mode is turned on. */
  quietSamples?: number;
}

/** The switch itself: feed it one utilisation sample at a time; it sets the flag on each change. */
export function createFootprintGovernor(options: FootprintOptions = {}) {
  const setFlags = options.setFlags ?? setFlagsFromString;
  const busyAbove = options.busyAbove ?? 0.2;
  const quietSamples = options.quietSamples ?? 2;
  let saving = false;
  let quiet = 0;
  const set = (on: boolean) => {
    if (on === saving) return;
    saving = on;
    setFlags(on ? '--optimize-for-size' : '--no-optimize-for-size');
  };
  set(true); // idle at start
  return {
    /** Whether the memory-saving mode is on. */
    get saving() {
      return saving;
    },
    sample(utilization: number): void {
      if (utilization > busyAbove) {
        quiet = 0;
        set(false);
      } else if ((quiet += 1) >= quietSamples) set(true);
    },
  };
}

/** Starts the switch for `serve` (a sample every 500 ms, timer unref'd); null when turned off by the environment. */
export function favourSmallFootprint(env: NodeJS.ProcessEnv = process.env): { stop(): void } | null {
  if (env.VPSOPS_OPTIMIZE_FOR_SIZE === '0') return null;
  const governor = createFootprintGovernor();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    governor.sample(performance.eventLoopUtilization(now, last).utilization);
    last = now;
  }, 500);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

// A long-running server should hand memory back after a burst. V8's default policy keeps the heap a
// burst grew (2,000 unanswered previews: ~280 MB resident long after); with --optimize-for-size it
// collects and returns it within seconds, but V8 then runs slower (~50% more CPU in a burst, ~0.7 ms
// more on every single `instance show`). So serve turns the memory-saving mode on for a while once a
// busy spell is over (and after start-up), long enough for the heap to shrink, then goes back to
// V8's default: the quiet channel's next command runs at full speed on the small heap. V8 reads the
// flag at each collection, so flipping it at run time takes effect.
// VPSOPS_OPTIMIZE_FOR_SIZE=0 leaves V8's default policy alone.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/** How the governor decides: event-loop utilisation per sample, and how many quiet samples in a row. */
export interface FootprintOptions {
  /** Sets a V8 flag (v8.setFlagsFromString; injectable for tests). */
  setFlags?: (flags: string) => void;
  /** Utilisation (0–1) above which a sample counts as busy. */
  busyAbove?: number;
  /** Quiet samples in a row after a busy one before the memory-saving mode is turned on. */
  quietSamples?: number;
  /** Samples the memory-saving mode then stays on (unless the loop gets busy again). */
  savingSamples?: number;
}

/** The switch itself: feed it one utilisation sample at a time; it sets the flag on each change. */
export function createFootprintGovernor(options: FootprintOptions = {}) {
  const setFlags = options.setFlags ?? setFlagsFromString;
  const busyAbove = options.busyAbove ?? 0.2;
  const quietSamples = options.quietSamples ?? 2;
  const savingSamples = options.savingSamples ?? 20;
  let saving = false;
  let quiet = 0;
  // A busy spell has left garbage to hand back (start-up counts as one).
  let owed = true;
  let savingLeft = 0;
  const set = (on: boolean) => {
    if (on === saving) return;
    saving = on;
    setFlags(on ? '--optimize-for-size' : '--no-optimize-for-size');
  };
  const startSaving = () => {
    owed = false;
    savingLeft = savingSamples;
    set(true);
  };
  startSaving(); // the start-up's garbage
  return {
    /** Whether the memory-saving mode is on. */
    get saving() {
      return saving;
    },
    sample(utilization: number): void {
      if (utilization > busyAbove) {
        quiet = 0;
        owed = true;
        set(false);
        return;
      }
      quiet += 1;
      if (saving && (savingLeft -= 1) <= 0) set(false);
      else if (owed && quiet >= quietSamples) startSaving();
    },
  };
}

/** Starts the switch for `serve` (a sample every 500 ms, so 10 s of saving; timer unref'd); null when turned off by the environment. */
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

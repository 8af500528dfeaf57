// serve's memory switch: V8's memory-saving mode while the event loop is quiet (so a burst's heap
// is handed back), V8's default while it is busy (so a burst is not slowed), and nothing at all
// when VPSOPS_OPTIMIZE_FOR_SIZE=0.
import { describe, expect, it } from 'vitest';
import { createFootprintGovernor, favourSmallFootprint } from '../../src/serve/memory-mode.js';

describe('footprint governor', () => {
  it('saves memory when idle, stops while busy, and resumes after enough quiet samples', () => {
    const flags: string[] = [];
    const governor = createFootprintGovernor({ setFlags: (f) => flags.push(f), busyAbove: 0.2, quietSamples: 3 });
    expect(flags).toEqual(['--optimize-for-size']);
    governor.sample(0.05);
    governor.sample(0.9);
    expect(governor.saving).toBe(false);
    governor.sample(0.8);
    governor.sample(0.1);
    governor.sample(0.1);
    expect(governor.saving).toBe(false);
    governor.sample(0.5);
    governor.sample(0.1);
    governor.sample(0.1);
    governor.sample(0.1);
    expect(governor.saving).toBe(true);
    expect(flags).toEqual(['--optimize-for-size', '--no-optimize-for-size', '--optimize-for-size']);
  });

  it('is not started when VPSOPS_OPTIMIZE_FOR_SIZE=0', () => {
    expect(favourSmallFootprint({ VPSOPS_OPTIMIZE_FOR_SIZE: '0' })).toBeNull();
  });
});

// serve's memory switch: V8's memory-saving mode for a spell once the event loop is quiet after a
// busy one (so a burst's heap is handed back), V8's default while busy and once the spell is over
// (so neither a burst nor the quiet channel's next command is slowed), and nothing at all when
// VPSOPS_OPTIMIZE_FOR_SIZE=0.
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

  it('ends the saving spell after savingSamples quiet samples, and only a busy spell starts another', () => {
    const flags: string[] = [];
    const governor = createFootprintGovernor({ setFlags: (f) => flags.push(f), quietSamples: 2, savingSamples: 3 });
    expect(governor.saving).toBe(true); // start-up's garbage
    for (let i = 0; i < 3; i += 1) governor.sample(0.01);
    expect(governor.saving).toBe(false);
    for (let i = 0; i < 10; i += 1) governor.sample(0.01);
    expect(governor.saving).toBe(false);
    governor.sample(0.7);
    governor.sample(0.01);
    expect(governor.saving).toBe(false);
    governor.sample(0.01);
    expect(governor.saving).toBe(true);
    for (let i = 0; i < 3; i += 1) governor.sample(0.01);
    expect(governor.saving).toBe(false);
    expect(flags).toEqual(['--optimize-for-size', '--no-optimize-for-size', '--optimize-for-size', '--no-optimize-for-size']);
  });

  it('is not started when VPSOPS_OPTIMIZE_FOR_SIZE=0', () => {
    expect(favourSmallFootprint({ VPSOPS_OPTIMIZE_FOR_SIZE: '0' })).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lease } from '../../../src/core/index.js';
import type { LeaseStore } from '../../../src/core/index.js';
import { createMemoryLeases } from '../../../src/store/memory/memory-leases.js';

/** Memory leases on the fake clock, with every call counted. */
function countedLeases(): { leases: LeaseStore; renewals: () => number } {
  const inner = createMemoryLeases(() => Date.now());
  let renewals = 0;
  return {
    leases: {
      ...inner,
      renew: (name, owner, ttlMs) => {
        renewals += 1;
        return inner.renew(name, owner, ttlMs);
      },
    },
    renewals: () => renewals,
  };
}

describe('lease (the one leased-work helper)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews every third of its TTL, so it never lapses while kept', async () => {
    const { leases, renewals } = countedLeases();
    const work = lease(leases, 'work', 'a', 3_000);
    expect(await work.take()).toBe(true);
    work.keep();
    await vi.advanceTimersByTimeAsync(999);
    expect(renewals()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(renewals()).toBe(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(renewals()).toBe(10);
    expect(await leases.holder('work')).toBe('a');
    expect(await lease(leases, 'work', 'b', 3_000).take()).toBe(false);
    work.abandon();
  });

  it('stops renewing and reports it once when another owner took the lease', async () => {
    const { leases, renewals } = countedLeases();
    const onLost = vi.fn();
    const work = lease(leases, 'work', 'a', 3_000, { onLost });
    await work.take();
    work.keep();
    await leases.release('work', 'a'); // as if it lapsed during a stall…
    await leases.acquire('work', 'b', 60_000); // …and another replica adopted it
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(work.lost).toBe(true);
    expect(work.held).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renewals()).toBe(1);
    expect(onLost).toHaveBeenCalledTimes(1);
    await work.release();
    expect(await leases.holder('work')).toBe('b');
  });

  it('reports a failed renewal and keeps trying', async () => {
    const { leases } = countedLeases();
    const onError = vi.fn();
    let failing = true;
    const flaky: LeaseStore = {
      ...leases,
      renew: (...args) => (failing ? Promise.reject(new Error('store down')) : leases.renew(...args)),
    };
    const work = lease(flaky, 'work', 'a', 3_000, { onError });
    await work.take();
    work.keep();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'store down' }));
    failing = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work.held).toBe(true);
    expect(work.lost).toBe(false);
    work.abandon();
  });

  it('with onAtRisk, gives the lease up before it can lapse when renewals keep failing', async () => {
    const { leases } = countedLeases();
    const onAtRisk = vi.fn();
    let failing = false;
    const flaky: LeaseStore = {
      ...leases,
      renew: (...args) => (failing ? Promise.reject(new Error('store down')) : leases.renew(...args)),
    };
    const work = lease(flaky, 'work', 'a', 3_000, { onAtRisk });
    await work.take();
    work.keep();
    failing = true;
    await vi.advanceTimersByTimeAsync(1_000); // one failure: the lease still has 2 s
    expect(onAtRisk).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000); // a second: the next renewal would come too late
    expect(onAtRisk).toHaveBeenCalledTimes(1);
    expect(work.held).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onAtRisk).toHaveBeenCalledTimes(1);
  });

  it('adopts a lease whose holder stopped renewing once it lapsed', async () => {
    const { leases } = countedLeases();
    const dead = lease(leases, 'work', 'a', 3_000);
    await dead.take();
    dead.abandon();
    const adopter = lease(leases, 'work', 'b', 3_000);
    expect(await adopter.take()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_001);
    expect(await adopter.take()).toBe(true);
    expect(await leases.holder('work')).toBe('b');
    await adopter.release();
  });

  it('gives the lease up on release, so another owner takes it at once, and renews no more', async () => {
    const { leases, renewals } = countedLeases();
    const work = lease(leases, 'work', 'a', 3_000);
    await work.take();
    work.keep();
    await work.release();
    expect(await leases.holder('work')).toBeNull();
    expect(await lease(leases, 'work', 'b', 3_000).take()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renewals()).toBe(0);
  });

  it('with retake, takes a lease the store lost back once it is free (liveness)', async () => {
    const { leases } = countedLeases();
    const alive = lease(leases, 'replica-alive:r1', 'r1', 3_000, { retake: true });
    await alive.take();
    alive.keep();
    await leases.release('replica-alive:r1', 'r1'); // the store lost it (restart, flush)
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await leases.holder('replica-alive:r1')).toBe('r1');
    await alive.release();
    expect(await leases.holder('replica-alive:r1')).toBeNull();
  });

  it('keeps many leases of one period on one timer, each renewed within a period of keep() and then every period', async () => {
    const { leases, renewals } = countedLeases();
    const timersBefore = vi.getTimerCount();
    const held = [];
    for (let i = 0; i < 100; i += 1) {
      const work = lease(leases, `watch:${i}`, 'a', 3_000);
      await work.take();
      work.keep();
      held.push(work);
      if (i === 49) await vi.advanceTimersByTimeAsync(600); // half kept later, mid-period
    }
    expect(vi.getTimerCount()).toBe(timersBefore + 1);
    await vi.advanceTimersByTimeAsync(400); // a period after the first keep(), under one after the rest
    expect(renewals()).toBe(100);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(renewals()).toBe(400);
    // A lease of another TTL has its own timer; the shared one stops with the last lease kept on it.
    const other = lease(leases, 'other', 'a', 6_000);
    await other.take();
    other.keep();
    expect(vi.getTimerCount()).toBe(timersBefore + 2);
    for (const work of held.slice(1)) await work.release();
    expect(vi.getTimerCount()).toBe(timersBefore + 2);
    held[0]!.abandon();
    expect(vi.getTimerCount()).toBe(timersBefore + 1);
    await other.release();
    expect(vi.getTimerCount()).toBe(timersBefore);
    for (let i = 0; i < 100; i += 1)
      expect(await leases.holder(`watch:${i}`), `watch:${i}`).toBe(i === 0 ? 'a' : null);
  });
});

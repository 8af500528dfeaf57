// The channel lock: one holder at a time across replicas (the store's lease), and a crowd of callers
// in one process queued rather than racing, so none gives up while the lock is only busy with them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withChannelLock } from '../../../../src/watch/books/channel-lock.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withChannelLock', () => {
  it('lets 40 callers of one process through one at a time, in order, though together they hold it longer than a caller may wait', async () => {
    const { leases } = createMemoryStore();
    const order: number[] = [];
    let holders = 0;
    let most = 0;
    const calls = Array.from({ length: 40 }, (_, i) =>
      withChannelLock(leases, 'lock:C1', async () => {
        holders += 1;
        most = Math.max(most, holders);
        await sleep(300);
        order.push(i);
        holders -= 1;
      }),
    );
    const settled = Promise.allSettled(calls);
    await vi.advanceTimersByTimeAsync(40 * 300 + 1_000);
    const results = await settled;
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(order).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(most).toBe(1);
  });

  it('gives up when another replica keeps the lock longer than the wait, and the next caller still gets it once it is free', async () => {
    const { leases } = createMemoryStore();
    const otherReplica = Promise.resolve().then(() =>
      // Another process holding the lease: taken straight from the store, as a replica would.
      leases.acquire('lock:C2', 'replica-b', 30_000),
    );
    expect(await otherReplica).toBe(true);
    const refused = withChannelLock(leases, 'lock:C2', async () => 'ran');
    const outcome = refused.then(
      () => 'ran',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(11_000);
    expect(await outcome).toMatch(/stayed busy/);
    await leases.release('lock:C2', 'replica-b');
    const next = withChannelLock(leases, 'lock:C2', async () => 'ran');
    await vi.advanceTimersByTimeAsync(100);
    expect(await next).toBe('ran');
  });
});

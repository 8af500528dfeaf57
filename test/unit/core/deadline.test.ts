import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineExceeded, withDeadline } from '../../../src/core/index.js';

/** A promise settled by the test. */
function later<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('withDeadline (the one deadline helper)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers with the work's result when it comes in time, and leaves no timer behind", async () => {
    const work = later<string>();
    const answer = withDeadline(work.promise, 1_000, () => 'late');
    await vi.advanceTimersByTimeAsync(999);
    work.resolve('done');
    expect(await answer).toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("answers with onTimeout's value at the deadline", async () => {
    const work = later<string>();
    const answer = withDeadline(work.promise, 1_000, () => 'late');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toBe('late');
  });

  it('rejects with DeadlineExceeded at the deadline when there is no onTimeout', async () => {
    const answer = withDeadline(later<string>().promise, 250);
    const outcome = expect(answer).rejects.toThrow(new DeadlineExceeded(250));
    await vi.advanceTimersByTimeAsync(250);
    await outcome;
    await expect(answer).rejects.toThrow('no answer within 250 ms');
  });

  it('passes the work a signal aborted at the deadline', async () => {
    let seen: AbortSignal | undefined;
    const answer = withDeadline(
      (signal) => {
        seen = signal;
        return later<string>().promise;
      },
      500,
      () => 'late',
    );
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(await answer).toBe('late');
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(DeadlineExceeded);
  });

  it("passes the work's own failure on when it fails in time", async () => {
    await expect(withDeadline(Promise.reject(new Error('store down')), 500, () => 'late')).rejects.toThrow(
      'store down',
    );
  });
});

// The admission queue behind the adapters' command listeners: a few commands' work at a time, first come
// first served, and a command stuck on a slow API frees its slot after holdMs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admittedDispatcher, createAdmission } from '../../../src/serve/admission.js';
import type { Dispatcher, Invocation, Responder } from '../../../src/core/index.js';

/** A unit of work the test finishes by hand. */
function gate(): { promise: Promise<void>; open(): void; fail(error: Error): void } {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('slack command admission', () => {
  it('runs at most `slots` at once and starts the waiting ones in arrival order as slots free up', async () => {
    const admission = createAdmission({ slots: 2, holdMs: 1_000 });
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      admission.run(async () => {
        started.push(i);
        await g.promise;
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1]);
    expect(admission.waiting).toBe(2);
    gates[1]?.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]?.open();
    gates[3]?.open();
    await Promise.all(runs);
    expect(admission.waiting).toBe(0);
  });

  it('gives the slot of a command still waiting after holdMs to the next one, without cancelling it', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 100 });
    const slow = gate();
    let slowDone = false;
    let nextStarted = false;
    const first = admission.run(async () => {
      await slow.promise;
      slowDone = true;
    });
    const second = admission.run(async () => {
      nextStarted = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(nextStarted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(nextStarted).toBe(true);
    await second;
    expect(slowDone).toBe(false);
    slow.open();
    await first;
    expect(slowDone).toBe(true);
  });

  it('passes a failure to its caller and still frees the slot', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 1_000 });
    const failing = gate();
    const first = admission.run(() => failing.promise);
    let secondRan = false;
    const second = admission.run(async () => {
      secondRan = true;
    });
    failing.fail(new Error('api down'));
    await expect(first).rejects.toThrow('api down');
    await second;
    expect(secondRan).toBe(true);
  });

  it('frees a slot only once when the hold time passes before the work ends', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 10 });
    const slow = gate();
    const running: string[] = [];
    const a = admission.run(async () => {
      running.push('a');
      await slow.promise;
    });
    await vi.advanceTimersByTimeAsync(10);
    const blockers = [gate(), gate()];
    const b = admission.run(async () => {
      running.push('b');
      await blockers[0]?.promise;
    });
    const c = admission.run(async () => {
      running.push('c');
      await blockers[1]?.promise;
    });
    await vi.advanceTimersByTimeAsync(0);
    // a's slot went to b at 10 ms; a finishing now must not free a second slot for c.
    slow.open();
    await a;
    await vi.advanceTimersByTimeAsync(0);
    expect(running).toEqual(['a', 'b']);
    blockers[0]?.open();
    await b;
    await vi.advanceTimersByTimeAsync(0);
    expect(running).toEqual(['a', 'b', 'c']);
    blockers[1]?.open();
    await c;
  });
});

describe('admission during a flood of commands', () => {
  const flood = { windowMs: 5, maxWaitMs: 100 };

  it('starts a lone command at once', async () => {
    const admission = createAdmission({ slots: 2, holdMs: 1_000, flood });
    vi.advanceTimersByTime(1_000);
    admission.arrived();
    const started: string[] = [];
    const run = admission.run(async () => void started.push('lone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['lone']);
    await run;
  });

  it('holds work while commands keep arriving under windowMs apart (the first one was lone), and starts it once they stop', async () => {
    const admission = createAdmission({ slots: 2, holdMs: 1_000, flood });
    const started: number[] = [];
    const runs: Promise<void>[] = [];
    for (let i = 0; i < 5; i += 1) {
      admission.arrived();
      runs.push(admission.run(async () => void started.push(i)));
      await vi.advanceTimersByTimeAsync(2);
    }
    expect(started).toEqual([0]);
    expect(admission.waiting).toBe(4);
    // The last arrival was 2 ms ago: the flood is over 3 ms later.
    await vi.advanceTimersByTimeAsync(2);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    await Promise.all(runs);
  });

  it('never holds work back longer than maxWaitMs, however long the flood lasts', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 1_000, flood });
    const started: number[] = [];
    admission.arrived();
    admission.arrived();
    const first = admission.run(async () => void started.push(0));
    for (let t = 0; t < 99; t += 3) {
      admission.arrived();
      await vi.advanceTimersByTimeAsync(3);
    }
    expect(started).toEqual([]);
    admission.arrived();
    await vi.advanceTimersByTimeAsync(3);
    expect(started).toEqual([0]);
    await first;
  });
});

describe('the admitted dispatcher (serve, in front of every adapter)', () => {
  const noop: Responder = {
    reply: async () => ({ platform: 'slack', channelId: 'C0OPS', id: '1' }),
    update: async () => undefined,
  };
  const invocation = (id: string): Invocation => ({
    id,
    platform: 'slack',
    actor: { platform: 'slack', userId: 'U0ALICE', displayName: 'alice' },
    channelId: 'C0OPS',
    input: { kind: 'text', text: 'status' },
  });

  it('lets each command defer at once, and holds its work after the deferral until a slot is free', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 1_000 });
    const deferred: string[] = [];
    const worked: string[] = [];
    const first = gate();
    const inner: Dispatcher = {
      async dispatch(invocation, responder) {
        await responder.defer?.('channel');
        worked.push(invocation.id);
        if (invocation.id === 'a') await first.promise;
      },
      act: async () => undefined,
      typedDialog: async () => null,
      commands: () => [],
    };
    const admitted = admittedDispatcher(inner, admission);
    const responder = (id: string): Responder => ({ ...noop, defer: async () => void deferred.push(id) });
    const a = admitted.dispatch(invocation('a'), responder('a'));
    const b = admitted.dispatch(invocation('b'), responder('b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(deferred).toEqual(['a', 'b']);
    expect(worked).toEqual(['a']);
    first.open();
    await Promise.all([a, b]);
    expect(worked).toEqual(['a', 'b']);
  });

  it('holds all the work of a command acknowledged on receipt (Slack) until a slot is free', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 1_000 });
    const started: string[] = [];
    const first = gate();
    const inner: Dispatcher = {
      async dispatch(invocation, responder) {
        started.push(invocation.id);
        await responder.defer?.('channel');
        if (invocation.id === 'a') await first.promise;
      },
      act: async () => undefined,
      commands: () => [],
      typedDialog: async () => null,
    };
    const admitted = admittedDispatcher(inner, admission);
    const acked: Responder = { ...noop, acknowledged: true, defer: async () => undefined };
    const a = admitted.dispatch(invocation('a'), acked);
    const b = admitted.dispatch(invocation('b'), acked);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a']);
    expect(admission.waiting).toBe(1);
    first.open();
    await Promise.all([a, b]);
    expect(started).toEqual(['a', 'b']);
  });
  it('counts a command acknowledged on receipt when it arrives, so a burst holds the first one’s work', async () => {
    const admission = createAdmission({ slots: 2, holdMs: 1_000, flood: { windowMs: 5, maxWaitMs: 100 } });
    vi.advanceTimersByTime(1_000);
    const started: string[] = [];
    const inner: Dispatcher = {
      dispatch: async (invocation) => void started.push(invocation.id),
      act: async () => undefined,
      commands: () => [],
      typedDialog: async () => null,
    };
    const admitted = admittedDispatcher(inner, admission);
    const acked: Responder = { ...noop, acknowledged: true };
    // Slack: both requests are received (and acked) before the first one is dispatched.
    admitted.arrived?.();
    admitted.arrived?.();
    const a = admitted.dispatch(invocation('a'), acked);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    const b = admitted.dispatch(invocation('b'), acked);
    await vi.advanceTimersByTimeAsync(5);
    expect(started).toEqual(['a', 'b']);
    await Promise.all([a, b]);
  });

  it('hands the core the adapter’s responder whole, with only defer wrapped', async () => {
    let seen: Responder | undefined;
    const inner: Dispatcher = {
      async dispatch(_invocation, responder) {
        seen = responder;
        await responder.defer?.('channel');
      },
      act: async () => undefined,
      commands: () => [],
      typedDialog: async () => null,
    };
    const deferred: string[] = [];
    const adapterResponder = Object.assign(
      { ...noop, defer: async (v: string) => void deferred.push(v) },
      { restore: () => 'restored', channel: (id: string) => `channel ${id}` },
    );
    await admittedDispatcher(inner, createAdmission({ slots: 1, holdMs: 1_000 })).dispatch(
      invocation('a'),
      adapterResponder,
    );
    expect(deferred).toEqual(['channel']);
    const extra = seen as unknown as { restore(): string; channel(id: string): string };
    expect(extra.restore()).toBe('restored');
    expect(extra.channel('C1')).toBe('channel C1');
  });
});

describe('admission while the HTTP server still owes answers', () => {
  const flood = { windowMs: 5, maxWaitMs: 100 };
  /** Answers owed, set by hand; settle() drops the count to zero as the server would. */
  function owedAnswers(count: number) {
    const listeners: (() => void)[] = [];
    return {
      count,
      onSettled: (listener: () => void) => void listeners.push(listener),
      settle() {
        this.count = 0;
        for (const listener of listeners) listener();
      },
    };
  }

  it('holds a lone command’s work while an answer is owed and starts it the moment none is', async () => {
    const answersOwed = owedAnswers(1);
    const admission = createAdmission({ slots: 2, holdMs: 1_000, flood, answersOwed });
    vi.advanceTimersByTime(1_000);
    admission.arrived();
    const started: string[] = [];
    const run = admission.run(async () => void started.push('work'));
    await vi.advanceTimersByTimeAsync(40);
    expect(started).toEqual([]);
    answersOwed.settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['work']);
    await run;
  });

  it('never holds work back longer than maxWaitMs, however long answers stay owed', async () => {
    const admission = createAdmission({ slots: 1, holdMs: 1_000, flood, answersOwed: owedAnswers(3) });
    const started: string[] = [];
    const run = admission.run(async () => void started.push('work'));
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['work']);
    await run;
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import type { HostingApi } from '../../../src/api/index.js';
import type { FollowSpec } from '../../../src/core/command.js';
import type { MessageRef } from '../../../src/core/ports.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { type TrackedOperation } from '../../../src/core/store.js';
import type { Message } from '../../../src/render/message.js';
import {
  createOperationTracker,
  formatElapsed,
  type OperationTrackerOptions,
  type RunningTracker,
} from '../../../src/tracking/index.js';
import { editRecorder } from '../../support/edit-recorder.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';
import { confirmationButtons } from '../../../src/render/buttons.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const REF: MessageRef = { platform: 'slack', channelId: 'C1', id: '1700000000.000100' };
const SPEC: FollowSpec = { kind: 'instance-gone', instanceUuid: UUID, label: 'web-1', verb: 'terminating' };

/** A hosting API whose detail() answers from a script and advances a fake clock per call. */
function scriptedApi(answer: () => { status: string } | ApiError, clock: { now: number; step: number }) {
  let calls = 0;
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        calls += 1;
        clock.now += clock.step;
        const result = answer();
        if (result instanceof ApiError) throw result;
        return instanceDetail({ uuid, hostname: 'web-1', ...result });
      },
    },
  });
  return { api, calls: () => calls };
}

const lines = (m: Message | undefined): string[] =>
  m ? m.blocks.map((b) => ('text' in b ? b.text : '')) : [];

const trackers: RunningTracker[] = [];
afterEach(() => {
  for (const t of trackers.splice(0)) t.stop();
});

/** A tracker on the test's fake clock with a fresh store and 1 ms polls, stopped after the test. */
function trackerOnClock(
  api: HostingApi,
  clock: { now: number },
  options: Partial<OperationTrackerOptions>,
): RunningTracker {
  const t = createOperationTracker({
    api,
    store: createMemoryStore(),
    pollMinMs: 1,
    now: () => clock.now,
    ...options,
  });
  trackers.push(t);
  return t;
}

/** Who asked and where, for every operation these tests follow. */
const ASKER = { actor: { platform: 'slack', userId: 'U1', displayName: 'A' }, channelId: 'C1' } as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('operation tracker behaviour', () => {
  it('rate-limits progress edits instead of editing on every poll', async () => {
    const clock = { now: 1_000_000, step: 1000 };
    const { api, calls } = scriptedApi(() => ({ status: 'Terminating' }), clock);
    const done = deferred<void>();
    const t = trackerOnClock(api, clock, {
      pollMaxMs: 2,
      timeoutMs: 30_000,
      editIntervalMs: 10_000,
      onDone: () => done.resolve(),
    });
    const responder = editRecorder(REF);
    t.follow(SPEC, {
      responder,
      ref: REF,
      ...ASKER,
      startedAt: clock.now,
    });
    await done.promise;
    const progress = responder.updates.slice(0, -1);
    expect(calls()).toBeGreaterThanOrEqual(25);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeLessThanOrEqual(3);
    expect(lines(progress[0]).join()).toMatch(/web-1: terminating… \d+ s \(status Terminating\)/);
  });

  it('appends progress to the confirmed card so the record stays readable', async () => {
    const clock = { now: 5_000, step: 1500 };
    let n = 0;
    const { api } = scriptedApi(
      () =>
        ++n < 3 ? { status: 'Terminating' } : new ApiError('NOT_FOUND', 'instance.detail', { status: 404 }),
      clock,
    );
    const done = deferred<void>();
    const t = trackerOnClock(api, clock, {
      pollMaxMs: 2,
      editIntervalMs: 1000,
      onDone: () => done.resolve(),
    });
    const responder = editRecorder(REF);
    const card: Message = {
      title: 'Delete web-1',
      tone: 'danger',
      blocks: [{ type: 'text', text: 'Confirmed by Alice' }],
      actions: confirmationButtons({
        token: 't',
        confirmLabel: 'Confirm',
        cancelLabel: 'Cancel',
        style: 'danger',
        expiresAt: 0,
      }),
    };
    t.follow(SPEC, {
      responder,
      ref: REF,
      ...ASKER,
      startedAt: clock.now,
      card,
    });
    await done.promise;
    for (const update of responder.updates) {
      expect(update.title).toBe('Delete web-1');
      expect(update.actions).toBeUndefined();
      expect(lines(update)[0]).toBe('Confirmed by Alice');
      expect(lines(update).filter((l) => l.startsWith('⏳'))).toHaveLength(
        update === responder.updates.at(-1) ? 0 : 1,
      );
    }
    expect(lines(responder.updates.at(-1)).at(-1)).toBe('✅ web-1 deleted — done in 5 s');
    expect(responder.updates.at(-1)?.tone).toBe('success');
    const progress = responder.updates.filter((u) => lines(u).some((l) => l.startsWith('⏳')));
    expect(progress.length).toBeGreaterThan(0);
    for (const update of progress) expect(update.tone).toBe('info');
  });

  it('treats an error status as a failed operation', async () => {
    const clock = { now: 0, step: 1000 };
    const { api } = scriptedApi(() => ({ status: 'Error' }), clock);
    const done = deferred<string>();
    const t = trackerOnClock(api, clock, { onDone: (_op, o) => done.resolve(o.result) });
    t.follow(
      { ...SPEC, kind: 'instance-status', verb: 'stopping', doneStatuses: ['Stopped'] },
      {
        responder: editRecorder(REF),
        ref: REF,
        ...ASKER,
        startedAt: 0,
      },
    );
    expect(await done.promise).toBe('failed');
  });

  it('stops polling and ignores new work after stop()', async () => {
    const clock = { now: 0, step: 10 };
    const { api, calls } = scriptedApi(() => ({ status: 'Terminating' }), clock);
    const onDone = vi.fn();
    const t = createOperationTracker({
      api,
      store: createMemoryStore(),
      pollMinMs: 1,
      pollMaxMs: 1,
      now: () => clock.now,
      onDone,
    });
    const responder = editRecorder(REF);
    t.follow(SPEC, {
      responder,
      ref: REF,
      ...ASKER,
      startedAt: 0,
    });
    await vi.waitFor(() => expect(calls()).toBeGreaterThan(2));
    t.stop();
    const frozen = calls();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls()).toBeLessThanOrEqual(frozen + 1);
    expect(onDone).not.toHaveBeenCalled();
    t.follow(SPEC, {
      responder,
      ref: REF,
      ...ASKER,
      startedAt: 0,
    });
    expect(t.active()).toEqual([]);
  });

  it('on resume drops operations nobody can report on once they are past their deadline', async () => {
    const store = createMemoryStore();
    const base: Omit<TrackedOperation, 'id' | 'startedAt'> = {
      spec: SPEC,
      ref: REF,
      ...ASKER,
    };
    await store.operations.put('old', { ...base, id: 'old', startedAt: 0 });
    await store.operations.put('recent', { ...base, id: 'recent', startedAt: 1_000_000 });
    const { api, calls } = scriptedApi(() => ({ status: 'Terminating' }), { now: 0, step: 0 });
    const t = createOperationTracker({ api, store, timeoutMs: 60_000, now: () => 1_000_500 });
    trackers.push(t);
    expect(await t.resume(() => null)).toBe(0);
    expect((await store.operations.list()).map((op) => op.id)).toEqual(['recent']);
    expect(calls()).toBe(0);
  });
});

describe('formatElapsed', () => {
  it('says durations the way people do in chat', () => {
    expect(formatElapsed(3_400)).toBe('3 s');
    expect(formatElapsed(125_000)).toBe('2 min 5 s');
    expect(formatElapsed(120_000)).toBe('2 min');
    expect(formatElapsed(3_720_000)).toBe('1 h 2 min');
  });
});

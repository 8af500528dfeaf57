import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHostingApi, type HostingApi } from '../../../src/api/index.js';
import type { FollowSpec } from '../../../src/core/command.js';
import { openEmbeddedStore as openFileStore } from '../../../src/store/embedded/embedded-store.js';
import type { Actor, MessageRef, Responder } from '../../../src/core/ports.js';
import type { BotStore, TrackedOperation } from '../../../src/core/store.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import type { Message } from '../../../src/render/message.js';
import {
  SEED_IDS,
  startSimulator,
  type SimulatorHandle,
  type SimulatorTiming,
} from '../../../src/simulator/index.js';
import {
  createOperationTracker,
  type FinalOutcome,
  type OperationTrackerOptions,
  type RunningTracker,
} from '../../../src/tracking/index.js';
import { editRecorder } from '../../support/edit-recorder.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;
const ACTOR: Actor = { platform: 'console', userId: 'alice', displayName: 'Alice' };
const REF: MessageRef = { platform: 'console', channelId: 'ops', id: 'card-1' };

function textOf(message: Message | undefined): string {
  if (!message) return '';
  return message.blocks.map((b) => ('text' in b ? b.text : '')).join('\n');
}

let sim: SimulatorHandle | undefined;
const trackers: RunningTracker[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const t of trackers.splice(0)) t.stop();
  await sim?.close();
  sim = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function simulatorApi(timing: Partial<SimulatorTiming>): Promise<HostingApi> {
  sim = await startSimulator({ timing });
  return createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2000 });
}

function tracker(options: Partial<OperationTrackerOptions> & { api: HostingApi; store?: BotStore }): {
  tracker: RunningTracker;
  done: Promise<{ op: TrackedOperation; outcome: FinalOutcome }>;
} {
  let resolveDone!: (value: { op: TrackedOperation; outcome: FinalOutcome }) => void;
  const done = new Promise<{ op: TrackedOperation; outcome: FinalOutcome }>((resolve) => {
    resolveDone = resolve;
  });
  const created = createOperationTracker({
    store: createMemoryStore(),
    pollMinMs: 20,
    pollMaxMs: 60,
    timeoutMs: 5000,
    editIntervalMs: 1,
    onDone: (op, outcome) => resolveDone({ op, outcome }),
    ...options,
  });
  trackers.push(created);
  return { tracker: created, done };
}

const stopSpec: FollowSpec = {
  kind: 'instance-status',
  instanceUuid: WEB1,
  label: 'web-1',
  verb: 'stopping',
  doneStatuses: ['stopped'],
};
const deleteSpec: FollowSpec = {
  kind: 'instance-gone',
  instanceUuid: WEB1,
  label: 'web-1',
  verb: 'terminating',
};

function target(responder: Responder, extra: Record<string, unknown> = {}) {
  return { responder, ref: REF, actor: ACTOR, channelId: 'ops', startedAt: Date.now(), ...extra };
}

describe('operation tracking against the simulator', () => {
  it('reports a public IP move as done once the target instance holds that IP', async () => {
    const api = await simulatorApi({});
    const db1 = SEED_IDS.instances.db1;
    const ipId = SEED_IDS.publicIps.web1;
    await api.publicIps.changeInstance(ipId, db1);
    const { tracker: t, done } = tracker({ api });
    const responder = editRecorder(REF);
    t.follow(
      { kind: 'instance-ip', instanceUuid: db1, label: 'db-1', verb: 'moving the public IP', ipId },
      target(responder),
    );
    const { outcome } = await done;
    expect(outcome.result).toBe('done');
    expect(textOf(responder.updates.at(-1))).toMatch(/the public IP is on db-1 — done in \d+ s/);
  });

  it('keeps waiting while the instance does not show the expected address, then times out', async () => {
    const api = await simulatorApi({});
    const { tracker: t, done } = tracker({ api, timeoutMs: 150 });
    const responder = editRecorder(REF);
    t.follow(
      {
        kind: 'instance-ip',
        instanceUuid: SEED_IDS.instances.db1,
        label: 'db-1',
        verb: 'assigning the public IP',
        ipAddress: '203.0.113.99',
      },
      target(responder),
    );
    const { outcome } = await done;
    expect(outcome.result).toBe('timed-out');
  });

  it('reports a stop as done once the instance is Stopped', async () => {
    const api = await simulatorApi({ stopMs: 150 });
    await api.instances.stop(WEB1);
    const { tracker: t, done } = tracker({ api });
    const responder = editRecorder(REF);
    t.follow(stopSpec, target(responder));
    const { outcome } = await done;
    expect(outcome.result).toBe('done');
    expect(textOf(responder.updates.at(-1))).toMatch(/web-1 is Stopped — done in \d+ s/);
    expect(responder.updates.at(-1)?.tone).toBe('success');
  });

  it('reports a delete as done once the instance is gone', async () => {
    const api = await simulatorApi({ terminateMs: 200 });
    await api.instances.delete(WEB1, { removeIp: false, removeBlockStorage: false });
    const store = createMemoryStore();
    const { tracker: t, done } = tracker({ api, store });
    const responder = editRecorder(REF);
    t.follow(deleteSpec, target(responder));
    const { outcome } = await done;
    expect(outcome.result).toBe('done');
    expect(textOf(responder.updates.at(-1))).toMatch(/web-1 deleted — done in \d+ s/);
    expect(await store.operations.list()).toEqual([]);
  });

  it('follows a restore through Restoring until the instance is Running again', async () => {
    const api = await simulatorApi({ restoreMs: 400 });
    await api.backups.restore(WEB1, SEED_IDS.backups.web1Latest);
    const { tracker: t, done } = tracker({ api });
    const responder = editRecorder(REF);
    t.follow(
      {
        kind: 'instance-status',
        instanceUuid: WEB1,
        label: 'web-1',
        verb: 'restoring',
        doneStatuses: ['Running'],
      },
      target(responder),
    );
    const { outcome } = await done;
    expect(outcome.result).toBe('done');
    expect(
      responder.updates.some((m) => /web-1: restoring… \d+ s \(status Restoring\)/.test(textOf(m))),
    ).toBe(true);
    expect(textOf(responder.updates.at(-1))).toMatch(/web-1 is Running — done in/);
  });

  it('times out with the last known status when the instance never gets there', async () => {
    const api = await simulatorApi({});
    const { tracker: t, done } = tracker({ api, timeoutMs: 300 });
    const responder = editRecorder(REF);
    t.follow({ ...stopSpec, instanceUuid: WEB2, label: 'web-2' }, target(responder));
    const { outcome } = await done;
    expect(outcome.result).toBe('timed-out');
    const last = responder.updates.at(-1);
    expect(textOf(last)).toMatch(
      /web-2: stopped following after \d+ s — not finished stopping \(last known status Running\)/,
    );
    expect(last?.tone).toBe('warning');
  });

  it('keeps polling through persistent 500s and reports the failure after the time-out', async () => {
    const api = await simulatorApi({ terminateMs: 60_000 });
    await api.instances.delete(WEB1, { removeIp: false, removeBlockStorage: false });
    sim?.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 500, message: 'backend down' });
    const { tracker: t, done } = tracker({ api, timeoutMs: 300 });
    const responder = editRecorder(REF);
    t.follow(deleteSpec, target(responder));
    const { outcome } = await done;
    expect(outcome.result).toBe('timed-out');
    expect(sim?.countRequests('instance.detail')).toBeGreaterThan(1);
    expect(textOf(responder.updates.at(-1))).toMatch(
      /not finished terminating \(no check of its status succeeded; last check failed: .*HTTP 500/,
    );
  });

  it('reports a failure when the instance disappears while waiting for a status', async () => {
    const api = await simulatorApi({ terminateMs: 50 });
    await api.instances.delete(WEB1, { removeIp: false, removeBlockStorage: false });
    const { tracker: t, done } = tracker({ api });
    const responder = editRecorder(REF);
    t.follow(stopSpec, target(responder));
    const { outcome } = await done;
    expect(outcome.result).toBe('failed');
    expect(textOf(responder.updates.at(-1))).toMatch(
      /web-1: stopping failed after \d+ s — the instance no longer exists/,
    );
  });

  it('finishes an operation after a restart from the persisted store', async () => {
    const api = await simulatorApi({ terminateMs: 500 });
    const dataDir = await mkdtemp(join(tmpdir(), 'vpsops-tracking-'));
    dirs.push(dataDir);
    await api.instances.delete(WEB1, { removeIp: false, removeBlockStorage: false });
    const before = await openFileStore(dataDir);
    const first = tracker({ api, store: before, pollMinMs: 5000 });
    first.tracker.follow(deleteSpec, target(editRecorder(REF)));
    await vi.waitFor(async () => expect(await before.operations.list()).toHaveLength(1));
    first.tracker.stop();
    await before.close();

    const after = await openFileStore(dataDir);
    const second = tracker({ api, store: after });
    const responder = editRecorder(REF);
    const seen: TrackedOperation[] = [];
    const resumed = await second.tracker.resume((op) => {
      seen.push(op);
      return responder;
    });
    expect(resumed).toBe(1);
    expect(seen[0]?.ref).toEqual(REF);
    expect(seen[0]?.spec).toEqual(deleteSpec);
    const { outcome } = await second.done;
    expect(outcome.result).toBe('done');
    expect(textOf(responder.updates.at(-1))).toMatch(/web-1 deleted — done in/);
    expect(await after.operations.list()).toEqual([]);
    await after.close();
  });
});

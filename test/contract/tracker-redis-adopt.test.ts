// A followed operation over the shared Redis store: recorded once follow() settles, and taken over
// by another replica's tracker when its follower stops renewing the lease (killed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostingApi } from '../../src/api/index.js';
import type { FollowSpec } from '../../src/core/command.js';
import type { MessageRef } from '../../src/core/ports.js';
import type { BotStore } from '../../src/core/store.js';
import { SEED_IDS, startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { createOperationTracker, type FinalOutcome } from '../../src/tracking/index.js';
import { editRecorder } from '../support/edit-recorder.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';

const WEB2 = SEED_IDS.instances.web2;
const REF: MessageRef = { platform: 'console', channelId: 'ops', id: 'card-1' };
const spec: FollowSpec = { kind: 'instance-gone', instanceUuid: WEB2, label: 'web-2', verb: 'terminating' };

let server: TestRedisServer;
let sim: SimulatorHandle;
beforeAll(async () => {
  server = await startRedisServer();
  sim = await startSimulator({ timing: { terminateMs: 1500 } });
});
afterAll(async () => {
  await sim?.close();
  await server?.stop();
});

describe('operation tracker over Redis', () => {
  it('records the operation before follow settles and another replica finishes it once the follower dies', async () => {
    const stores: BotStore[] = [];
    const open = async () => {
      const store = await openRedisStore({ url: server.url, prefix: 'tracker-adopt:' });
      stores.push(store);
      return store;
    };
    const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2000 });
    const settings = {
      api,
      pollMinMs: 50,
      pollMaxMs: 100,
      editIntervalMs: 1,
      leaseTtlMs: 300,
      adoptIntervalMs: 200,
    };
    const follower = createOperationTracker({ ...settings, store: await open() });
    let finished!: (outcome: FinalOutcome) => void;
    const done = new Promise<FinalOutcome>((resolve) => (finished = resolve));
    const survivor = createOperationTracker({
      ...settings,
      store: await open(),
      onDone: (_op, o) => finished(o),
    });
    const observer = await open();
    try {
      await api.instances.delete(WEB2, { removeIp: false, removeBlockStorage: false });
      await follower.follow(spec, {
        responder: editRecorder(REF),
        ref: REF,
        actor: { platform: 'console', userId: 'alice', displayName: 'Alice' },
        channelId: 'ops',
        startedAt: Date.now(),
      });
      expect((await observer.operations.list()).map((op) => op.spec.instanceUuid)).toEqual([WEB2]);
      follower.stop(); // killed: no more polls, no renewals, no release
      const responder = editRecorder(REF);
      await survivor.resume(() => responder);
      expect((await done).result).toBe('done');
      expect(await observer.operations.list()).toEqual([]);
    } finally {
      follower.stop();
      survivor.stop();
      for (const store of stores) await store.close();
    }
  });
});

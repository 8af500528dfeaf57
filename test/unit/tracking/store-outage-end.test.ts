// An operation the tracker settled while the store was down is settled once (issue 44 item 20,
// second case): its record could not be removed, so adoption used to follow it again and edit the
// card a second time ("done in 7 s", then "done in 20 s"). The removal now waits in the write replay
// and is made once the store is back; meanwhile nobody adopts the operation.
import { describe, expect, it } from 'vitest';
import type { FollowSpec } from '../../../src/core/command.js';
import { StoreUnavailableError } from '../../../src/core/store-errors.js';
import { createWriteReplay } from '../../../src/core/write-replay.js';
import type { MessageRef } from '../../../src/core/ports.js';
import { silentLogger } from '../../../src/logger.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { createOperationTracker } from '../../../src/tracking/index.js';
import { editRecorder } from '../../support/edit-recorder.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const REF: MessageRef = { platform: 'slack', channelId: 'C1', id: '1700000000.000100' };
const SPEC: FollowSpec = {
  kind: 'instance-status',
  instanceUuid: UUID,
  label: 'web-1',
  verb: 'stopping',
  doneStatuses: ['Stopped'],
};
const ASKER = { actor: { platform: 'slack', userId: 'U1', displayName: 'A' }, channelId: 'C1' } as const;

describe('an operation settled while the store is down', () => {
  it('is settled once: not adopted again, and forgotten once the store is back', async () => {
    const store = createMemoryStore();
    const api = fakeHostingApi({
      instances: {
        detail: async (uuid: string) => instanceDetail({ uuid, hostname: 'web-1', status: 'Stopped' }),
      },
    });
    const replay = createWriteReplay({ logger: silentLogger(), intervalMs: 60_000 });
    let down = false;
    const remove = store.operations.delete.bind(store.operations);
    store.operations.delete = (id) =>
      down ? Promise.reject(new StoreUnavailableError('Redis is not connected', false)) : remove(id);
    let settled!: () => void;
    const done = new Promise<void>((resolve) => (settled = resolve));
    const first = createOperationTracker({ api, store, pollMinMs: 1, replay, onDone: () => settled() });
    const card = editRecorder(REF);
    try {
      down = true;
      await first.follow(SPEC, { responder: card, ref: REF, ...ASKER, startedAt: Date.now() });
      await done;
      expect(card.updates).toHaveLength(1);
      // The record is still there (the store was down); adoption must not settle the card again.
      expect(await store.operations.count()).toBe(1);
      expect(await first.resume(() => card)).toBe(0);
      expect(card.updates).toHaveLength(1);
      down = false;
      await replay.flush();
      expect(await store.operations.count()).toBe(0);
      expect(await first.resume(() => card)).toBe(0);
      expect(card.updates).toHaveLength(1);
    } finally {
      first.stop();
      replay.stop();
    }
  });
});

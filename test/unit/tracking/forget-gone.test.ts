import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import type { FollowSpec } from '../../../src/core/command.js';
import type { MessageRef, Responder } from '../../../src/core/ports.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { createOperationTracker } from '../../../src/tracking/index.js';
import { fakeHostingApi } from '../../support/fake-api.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const OTHER = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const REF: MessageRef = { platform: 'slack', channelId: 'C1', id: '1' };

const responder: Responder = {
  reply: async () => REF,
  update: async () => {},
};

describe('tracking a deletion', () => {
  it('forgets the deleted instance’s hostname so completion stops offering it', async () => {
    const api = fakeHostingApi({
      instances: {
        detail: async () => {
          throw new ApiError('NOT_FOUND', 'instance.detail', { status: 404 });
        },
      },
    });
    const store = createMemoryStore();
    await store.hostnames.remember(UUID, 'web-1');
    await store.hostnames.remember(OTHER, 'web-2');
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const tracker = createOperationTracker({
      api,
      store,
      pollMinMs: 1,
      pollMaxMs: 2,
      onDone: () => finished(),
    });
    const spec: FollowSpec = {
      kind: 'instance-gone',
      instanceUuid: UUID,
      label: 'web-1',
      verb: 'terminating',
    };
    tracker.follow(spec, {
      responder,
      ref: REF,
      actor: { platform: 'slack', userId: 'U1', displayName: 'A' },
      channelId: 'C1',
      startedAt: Date.now(),
    });
    await done;
    tracker.stop();
    expect(await store.hostnames.uuidsOf('web-1')).toEqual([]);
    expect(await store.hostnames.search('', 10)).toEqual([{ uuid: OTHER, hostname: 'web-2' }]);
  });
});

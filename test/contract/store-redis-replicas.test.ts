// Two bot replicas on one Redis (REDIS_URL): a confirmation previewed by one replica is confirmed
// exactly once however the clicks are spread over both, every other click is told who confirmed it and when,
// and both replicas write one audit trail.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCallRecorder } from '../../src/core/audit/api-calls.js';
import type { ActionEvent } from '../../src/core/ports.js';
import { renderText } from '../../src/render/text.js';
import { openRedisAuditLog } from '../../src/store/redis/redis-audit.js';
import { createCoreWithState } from '../support/core-with-state.js';
import {
  actors,
  fakeApi,
  fakeCommands,
  POLICY,
  recordingResponder,
  tempConfig,
} from '../support/core-fakes.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { pendingCard } from '../../src/render/buttons.js';

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('two replicas sharing Redis', () => {
  it('runs a confirmed action once whichever replica each click reaches', async () => {
    const env = { REDIS_URL: server.url, VPSOPS_REDIS_PREFIX: 'replicas:' };
    const apiCalls = createApiCallRecorder();
    const fake = fakeApi(apiCalls.onCall);
    const first = tempConfig(POLICY, env);
    const second = tempConfig(POLICY, env);
    const deps = { api: fake.api, commands: fakeCommands(), apiCalls, learnAliases: false };
    const replicas = [
      await createCoreWithState(first.config, deps),
      await createCoreWithState(second.config, deps),
    ];
    try {
      const preview = recordingResponder();
      await replicas[0]!.dispatcher.dispatch(
        {
          id: 'inv-1',
          platform: 'slack',
          actor: actors.alice,
          channelId: 'C1',
          input: { kind: 'text', text: 'instance stop prod-web' },
        },
        preview,
      );
      const last = preview.replies.at(-1);
      const token = last ? pendingCard(last.message)?.token : undefined;
      expect(token).toBeDefined();
      // The requester clicking repeatedly (double clicks, retries), the clicks spread over both replicas.
      const clicks = Array.from({ length: 12 }, (_, i) => {
        const responder = recordingResponder();
        const event: ActionEvent = {
          id: `act-${i}`,
          platform: 'slack',
          actor: actors.alice,
          channelId: 'C1',
          token: token!,
          action: 'confirm',
        };
        return replicas[i % 2]!.dispatcher.act(event, responder).then(() => responder);
      });
      const answers = await Promise.all(clicks);
      expect(fake.count('instance.stop')).toBe(1);
      const said = answers.map((r) =>
        [...r.replies, ...r.updates].map((s) => renderText(s.message)).join('\n'),
      );
      expect(said.filter((text) => text.includes('Confirmed by @alice'))).toHaveLength(1);
      expect(
        said.filter((text) => /Already confirmed by @alice at .* — nothing more was done/.test(text)),
      ).toHaveLength(11);

      const trail = await openRedisAuditLog({ url: server.url, prefix: 'replicas:' });
      try {
        const records = await trail.recent('C1', 50);
        expect(
          records.filter((r) => r.command === 'instance stop' && r.confirmation === 'confirmed'),
        ).toHaveLength(1);
        expect(records.length).toBeGreaterThanOrEqual(2);
      } finally {
        await trail.close();
      }
    } finally {
      for (const replica of replicas) await replica.close();
      await rm(first.dir, { recursive: true, force: true });
      await rm(second.dir, { recursive: true, force: true });
    }
  });
});

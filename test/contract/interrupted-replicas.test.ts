// Two replicas starting together on one Redis (REDIS_URL) both look for confirmed calls a dead
// process left at `calling`: each such call is closed as unknown (interrupted) exactly once — one
// audit record and one card edit — however the two passes overlap.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCallRecorder } from '../../src/core/audit/api-calls.js';
import type { AuditRecord } from '../../src/core/command.js';
import type { MessageRef, Responder } from '../../src/core/ports.js';
import { openRedisAuditLog } from '../../src/store/redis/redis-audit.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { callingRecord } from '../support/calling-record.js';
import { fakeApi, fakeCommands, POLICY, tempConfig } from '../support/core-fakes.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

function calling(callId: string): AuditRecord {
  return callingRecord(callId, {
    replica: 'dead-replica',
    cardRef: { platform: 'slack', channelId: 'C1', id: `card-${callId}` },
  });
}

function editsOf(): Responder & { edited: MessageRef[] } {
  const edited: MessageRef[] = [];
  return {
    edited,
    reply: () => Promise.reject(new Error('no replies expected')),
    update: async (ref) => void edited.push(ref),
  };
}

describe('interrupted calls with two replicas on one Redis', () => {
  it('are closed exactly once however the replicas’ start-up passes overlap', async () => {
    const env = { REDIS_URL: server.url, VPSOPS_REDIS_PREFIX: 'interrupted:', VPSOPS_INTERRUPTED_AFTER_MS: '0' };
    const apiCalls = createApiCallRecorder();
    const deps = { api: fakeApi(apiCalls.onCall).api, commands: fakeCommands(), apiCalls, learnAliases: false };
    const configs = [tempConfig(POLICY, env), tempConfig(POLICY, env)];
    const replicas = [await createCoreWithState(configs[0]!.config, deps), await createCoreWithState(configs[1]!.config, deps)];
    const trail = await openRedisAuditLog({ url: server.url, prefix: 'interrupted:' });
    try {
      const responders = [editsOf(), editsOf()];
      const callIds: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        const ids = Array.from({ length: 3 }, (_, i) => `r${round}-c${i}`);
        for (const id of ids) await trail.write(calling(id));
        callIds.push(...ids);
        const closed = await Promise.all(replicas.map((replica, i) => replica.closeInterrupted(() => responders[i]!)));
        expect(closed[0]! + closed[1]!).toBe(ids.length);
      }
      const edited = [...responders[0]!.edited, ...responders[1]!.edited].map((ref) => ref.id).sort();
      expect(edited).toEqual(callIds.map((id) => `card-${id}`).sort());
      const closing = (await trail.recent('C1', 500)).filter((record) => record.interrupted);
      expect(closing.map((record) => record.callId).sort()).toEqual([...callIds].sort());
      expect(await trail.unfinished(Date.now())).toEqual([]);
    } finally {
      await trail.close();
      for (const replica of replicas) await replica.close();
      for (const { dir } of configs) await rm(dir, { recursive: true, force: true });
    }
  });
});

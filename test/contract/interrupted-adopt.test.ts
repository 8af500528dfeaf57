// A confirmed call left at `calling` by a replica that died is closed by a live replica as soon as
// the dead one's liveness lease lapsed — long before the age bound, and without any restart —
// while a call of a replica that is still alive stays open until the bound.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiCallRecorder } from '../../src/core/audit/api-calls.js';
import type { MessageRef, Responder } from '../../src/core/ports.js';
import { replicaAliveLease } from '../../src/core/audit/replica-alive.js';
import { openRedisAuditLog } from '../../src/store/redis/redis-audit.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
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

function editsOf(): Responder & { edited: MessageRef[] } {
  const edited: MessageRef[] = [];
  return {
    edited,
    reply: () => Promise.reject(new Error('no replies expected')),
    update: async (ref) => void edited.push(ref),
  };
}

describe('interrupted calls adopted by a live replica', () => {
  it('closes a dead replica’s call once its liveness lease lapsed, periodically, and leaves a live one’s', async () => {
    const prefix = 'adopt:';
    // The default bound (150 s with the default API timeout) is far beyond what this test waits.
    const { config, dir } = tempConfig(POLICY, { REDIS_URL: server.url, VPSOPS_REDIS_PREFIX: prefix });
    const apiCalls = createApiCallRecorder();
    const bot = await createCoreWithState(config, {
      api: fakeApi(apiCalls.onCall).api,
      commands: fakeCommands(),
      apiCalls,
      learnAliases: false,
    });
    const trail = await openRedisAuditLog({ url: server.url, prefix });
    const other = await openRedisStore({ url: server.url, prefix });
    try {
      expect(config.audit.interruptedAfterMs).toBeGreaterThan(100_000);
      const aged = new Date(Date.now() - config.leaseTtlMs - 5_000).toISOString();
      const card = (id: string) => ({ platform: 'slack' as const, channelId: 'C1', id });
      // "alive" still holds its liveness lease; "dead" never renewed it again.
      await other.leases.acquire(replicaAliveLease('alive'), 'alive', 600_000);
      await trail.write(
        callingRecord('dead-1', { replica: 'dead', time: aged, cardRef: card('card-dead-1') }),
      );
      await trail.write(
        callingRecord('alive-1', { replica: 'alive', time: aged, cardRef: card('card-alive-1') }),
      );

      const responder = editsOf();
      bot.startClosingInterrupted(() => responder, 50);
      await vi.waitFor(() => expect(responder.edited.map((ref) => ref.id)).toEqual(['card-dead-1']), {
        timeout: 20_000,
      });
      // Written while the replica runs: closed by the next pass, no restart needed.
      await trail.write(
        callingRecord('dead-2', { replica: 'dead', time: aged, cardRef: card('card-dead-2') }),
      );
      await vi.waitFor(
        () => expect(responder.edited.map((ref) => ref.id)).toEqual(['card-dead-1', 'card-dead-2']),
        { timeout: 20_000 },
      );
      const open = await trail.unfinished(Date.now());
      expect(open.map((record) => record.callId)).toEqual(['alive-1']);
      const closing = (await trail.recent('C1', 50)).filter((record) => record.interrupted);
      expect(closing.map((record) => record.callId).sort()).toEqual(['dead-1', 'dead-2']);
    } finally {
      await other.close();
      await trail.close();
      await bot.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

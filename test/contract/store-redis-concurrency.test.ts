// "Take once" across processes: many store instances, each on its own Redis connection (as
// replicas would be), race to take the same confirmation; exactly one wins, every time.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotStore } from '../../src/core/store.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { pendingFor } from './store-contract.js';

const REPLICAS = 20;
let server: TestRedisServer;
let replicas: BotStore[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  replicas = await Promise.all(
    Array.from({ length: REPLICAS }, () => openRedisStore({ url: server.url, prefix: 'race:' })),
  );
});
afterAll(async () => {
  await Promise.all(replicas.map((store) => store.close()));
  await server?.stop();
});

describe('Redis store across replicas', () => {
  it('gives each confirmation to exactly one of the replicas racing to take it', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: REPLICAS }),
        fc.boolean(),
        fc.constantFrom('confirmed' as const, 'cancelled' as const, 'expired' as const),
        async (takers, attachWhileRacing, resolution) => {
          round += 1;
          const token = `tok-${round}`;
          const at = Date.now();
          await replicas[round % REPLICAS]!.pending.put(pendingFor(token, at));
          const ref = { platform: 'slack' as const, channelId: 'C1', id: `m${round}` };
          const racing = replicas.slice(0, takers).map((store, i) => store.pending.take(token, `slack:U${i}`, at + i, resolution));
          const attach = attachWhileRacing ? replicas[REPLICAS - 1]!.pending.attachCard(token, ref) : Promise.resolve(false);
          const [results] = await Promise.all([Promise.all(racing), attach]);
          const winners = results.flatMap((result, i) => (result ? [i] : []));
          expect(winners).toHaveLength(1);
          expect(results[winners[0]!]?.status).toBe('pending');
          const used = await replicas[0]!.pending.get(token);
          expect(used).toMatchObject({ status: 'used', usedBy: `slack:U${winners[0]}`, resolution });
          expect(await replicas[1]!.pending.take(token, 'slack:late', at, 'confirmed')).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
    expect(await replicas[0]!.pending.count()).toBe(0);
  });

  it('hands a lease to exactly one of the replicas asking at once', async () => {
    for (let round = 0; round < 20; round += 1) {
      const granted = await Promise.all(replicas.map((store, i) => store.leases.acquire(`job-${round}`, `r${i}`, 10_000)));
      expect(granted.filter(Boolean)).toHaveLength(1);
      const holder = await replicas[0]!.leases.holder(`job-${round}`);
      expect(holder).toBe(`r${granted.indexOf(true)}`);
    }
  });
});

// Exactly once when Redis itself dies: two replicas share one Redis (AOF, appendfsync always,
// noeviction); Redis is killed -9 within 25 ms of a confirm click and restarted from its files,
// 30 times. Every confirmation either ran exactly once (and a later click on the other replica
// runs nothing more) or was answered "not done"; none is consumed without an answer.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationTracker } from '../../src/core/tracking-port.js';
import { renderText } from '../../src/render/text.js';
import { stopAll } from '../support/cleanup.js';
import { actors, makeBot, POLICY } from '../support/core-fakes.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';

const TRIALS = 30;
const NO_TRACKER: OperationTracker = { follow: () => undefined };

let redis: TestRedisServer;
let replicas: Awaited<ReturnType<typeof makeBot>>[] = [];

beforeAll(async () => {
  redis = await startRedisServer({ appendfsync: 'always' });
  const env = { REDIS_URL: redis.url, VPSOPS_REDIS_PREFIX: 'kill9:' };
  // Distinct ids: with the same `inv-N` on both, a preview could be taken for another trial's
  // answered one (the shared audit trail answers by invocation id) and refused as already confirmed.
  replicas = [
    await makeBot({ policy: POLICY, env, tracker: NO_TRACKER, ids: 'r1' }),
    await makeBot({ policy: POLICY, env, tracker: NO_TRACKER, ids: 'r2' }),
  ];
});
afterAll(() =>
  stopAll(
    ...replicas.map((replica) => () => replica.bot.close()),
    () => redis?.stop(),
    () => redis && rmSync(redis.dir, { recursive: true, force: true }),
  ),
);

const stops = () => replicas.reduce((sum, replica) => sum + replica.fake.count('instance.stop'), 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Restarts Redis from its own AOF on the same port, and waits until both replicas can preview again. */
async function restartRedis(): Promise<void> {
  redis = await startRedisServer({ appendfsync: 'always', port: redis.port, dir: redis.dir });
}

describe('Redis killed -9 right after a confirm click', { timeout: 120_000 }, () => {
  it(`never runs a confirmation twice nor consumes one silently (${TRIALS} kills)`, async () => {
    const outcomes = { ran: 0, notDone: 0 };
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const [clicked, other] = trial % 2 === 0 ? [replicas[0]!, replicas[1]!] : [replicas[1]!, replicas[0]!];
      let token: string | undefined;
      // The preview may meet a Redis still reconnecting from the last kill: it retries until stored.
      for (let tries = 0; !token && tries < 100; tries += 1) {
        token = (await other.run('instance stop prod-web')).token;
        if (!token) await sleep(100);
      }
      expect(token, `trial ${trial}: a preview was stored`).toBeDefined();
      const before = stops();
      const click = clicked.act(token!, actors.alice);
      await sleep(Math.floor(Math.random() * 26));
      const dead = redis;
      await dead.kill();
      await restartRedis();
      const { reply, update } = await click;
      const ran = stops() - before;
      const answer = [update, reply]
        .filter((m) => m !== undefined)
        .map((m) => renderText(m!))
        .join('\n');
      expect(ran, `trial ${trial}: at most one stop`).toBeLessThanOrEqual(1);
      if (ran === 1) {
        outcomes.ran += 1;
        expect(answer, `trial ${trial}`).toMatch(/Stop requested for web-1[\s\S]*Confirmed by @alice/);
      } else {
        outcomes.notDone += 1;
        expect(answer, `trial ${trial}`).toMatch(/nothing was done|was not done|not done/i);
        expect(answer, `trial ${trial}`).not.toMatch(/Stop requested/);
      }
      // A second click, on the other replica, never runs it again.
      const late = await other.act(token!, actors.alice);
      const lateText = [late.update, late.reply]
        .filter((m) => m !== undefined)
        .map((m) => renderText(m!))
        .join('\n');
      if (ran === 1) expect(stops() - before, `trial ${trial}: second click`).toBe(1);
      else expect(stops() - before, `trial ${trial}: second click after "not done"`).toBeLessThanOrEqual(1);
      expect(lateText.length, `trial ${trial}: the second click is answered`).toBeGreaterThan(0);
    }
    expect(outcomes.ran + outcomes.notDone).toBe(TRIALS);
  });
});

// Issue 44 item 16 on a real Redis: Redis stops while a confirmed stop is in flight and comes back
// (restarted from its AOF on the same port).
// The outcome the bot learned reaches the audit stream once Redis answers again, the server's busy
// lock is released (a fresh confirmation runs), and the call is not closed as unknown afterwards.
import { confirmsAgain } from '../support/confirms-again.js';
import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import { makeBot, POLICY, recordingResponder, WEB1 } from '../support/core-fakes.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';

describe('a confirmed stop while Redis stops', { timeout: 60_000 }, () => {
  it('records the learned outcome once Redis is back, frees the server, and never says unknown', async () => {
    const redis = await startRedisServer({ appendfsync: 'always' });
    let restarted: TestRedisServer | undefined;
    let t = Date.now();
    const { bot, fake, run, act } = await makeBot({
      policy: POLICY,
      now: () => new Date(t),
      env: { REDIS_URL: redis.url },
    });
    try {
      const stop = fake.api.instances.stop.bind(fake.api.instances);
      fake.api.instances.stop = async (uuid: string) => {
        const answer = await stop(uuid);
        await redis.kill(); // Redis stops while the call is in flight
        return answer;
      };
      const { token } = await run('instance stop prod-web');
      const clicked = await act(token!);
      expect(renderText(clicked.update!)).not.toMatch(/unknown/i);
      restarted = await startRedisServer({ port: redis.port, dir: redis.dir, appendfsync: 'always' });
      fake.api.instances.stop = stop;
      await expect
        .poll(
          async () =>
            (await bot.audit.recentAcrossChannels(50)).some(
              (r) => r.command === 'instance stop' && r.result === 'ok',
            ),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      await expect.poll(() => bot.store.leases.holder(`instance-op:${WEB1}`), { timeout: 15_000 }).toBeNull();
      // Long after, the closer finds the call answered: nothing is rewritten as unknown.
      t += 60 * 60_000;
      const closer = recordingResponder();
      await bot.closeInterrupted(() => closer);
      expect(closer.updates).toHaveLength(0);
      expect((await bot.audit.recentAcrossChannels(50)).some((r) => r.result === 'unknown')).toBe(false);
      await confirmsAgain({ run, act, fake });
    } finally {
      await bot.close();
      await restarted?.stop();
      await redis.stop();
    }
  });
});

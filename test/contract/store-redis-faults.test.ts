// The Redis store under faults of Redis itself: a lost reply to take (a RESP proxy that drops it),
// a Redis without AOF / noeviction, one restarted from an older RDB snapshot or flushed, one that
// refuses writes. Nothing may run without a confirmation, and no confirmation may be consumed
// without running or being answered "not done".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { makeBot, POLICY } from '../support/core-fakes.js';
import { startRespProxy } from '../support/resp-proxy.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { pendingFor } from './store-contract.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'vpsops-rdb-'));

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('Redis store faults', () => {
  it('runs a confirmation once when Redis applied the take but its reply was lost', async () => {
    const proxy = await startRespProxy(server.port);
    const { bot, run, act, fake } = await makeBot({
      policy: POLICY,
      env: { REDIS_URL: proxy.url, VPSOPS_REDIS_PREFIX: 'lost-reply:' },
    });
    try {
      // Warm the take script so the trapped request is the EVALSHA that Redis applies.
      await bot.store.pending.put(pendingFor('warm', Date.now()));
      await bot.store.pending.take('warm', 'slack:U0', Date.now(), 'cancelled');
      const { token } = await run('instance stop prod-web');
      const dropped = proxy.dropReplyTo(
        (request) => /evalsha/i.test(request) && request.includes(`p:${token}`),
      );
      const { update } = await act(token!);
      await dropped;
      expect(fake.count('instance.stop')).toBe(1);
      expect(renderText(update!)).toMatch(/Stop requested for web-1[\s\S]*Confirmed by @alice/);
      const again = await act(token!);
      expect(renderText(again.reply!)).toMatch(/Already confirmed by @alice/);
      expect(fake.count('instance.stop')).toBe(1);
    } finally {
      await bot.close();
      await proxy.close();
    }
  });

  it('refuses new and confirmed confirmations on a Redis without AOF / noeviction unless allowed', async () => {
    const rdb = await startRedisServer({ persistence: 'rdb' });
    const strict = await openRedisStore({ url: rdb.url, prefix: 'strict:' });
    const lax = await openRedisStore({ url: rdb.url, prefix: 'lax:', unsafePersistence: true });
    try {
      const at = Date.now();
      await expect(strict.pending.put(pendingFor('t1', at))).rejects.toMatchObject({ code: 'STORE_UNSAFE' });
      const refused = await strict.ping().then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(refused).toMatchObject({ code: 'STORE_UNSAFE' });
      expect(refused?.message).toMatch(
        /AOF is off.*maxmemory-policy is allkeys-lru.*VPSOPS_REDIS_UNSAFE_PERSISTENCE=1/,
      );
      await lax.pending.put(pendingFor('t1', at));
      await lax.ping();
      expect(await lax.pending.take('t1', 'slack:U1', at, 'confirmed', 'click-1')).not.toBeNull();
    } finally {
      await strict.close();
      await lax.close();
      await rdb.stop();
    }
  });

  it('refuses a confirmation re-armed by a restart from an older RDB snapshot', async () => {
    const first = await startRedisServer({ persistence: 'rdb', dir: await tempDir() });
    let restarted: TestRedisServer | undefined;
    const store = await openRedisStore({
      url: first.url,
      prefix: 'rdb:',
      unsafePersistence: true,
      commandTimeoutMs: 500,
    });
    const raw = new Redis(first.url);
    try {
      const at = Date.now();
      await store.pending.put(pendingFor('t1', at));
      await store.pending.put(pendingFor('t2', at));
      await store.pending.take('t2', 'slack:U1', at, 'cancelled', 'click-0');
      await raw.save();
      raw.disconnect();
      expect(await store.pending.take('t1', 'slack:U1', at, 'confirmed', 'click-1')).not.toBeNull();
      await first.kill();
      restarted = await startRedisServer({ persistence: 'rdb', port: first.port, dir: first.dir });
      // The snapshot still says t1 is pending.
      await expect
        .poll(
          () =>
            store.pending.get('t1').then(
              (p) => p?.status,
              () => 'down',
            ),
          { timeout: 10_000, interval: 100 },
        )
        .toBe('pending');
      expect(await store.pending.take('t1', 'slack:U2', Date.now(), 'confirmed', 'click-2')).toBeNull();
      expect(await store.pending.get('t1')).toMatchObject({ status: 'used', usedBy: 'state-check' });
      expect(store.faults?.()).toMatchObject({ dataLosses: 1 });
      await store.pending.put(pendingFor('t3', Date.now() + 1));
      expect(await store.pending.take('t3', 'slack:U1', Date.now(), 'confirmed', 'click-3')).not.toBeNull();
    } finally {
      raw.disconnect();
      await store.close();
      await restarted?.stop();
      await first.stop();
      await rm(first.dir, { recursive: true, force: true });
    }
  });

  it('refuses confirmations minted before a FLUSHALL-style loss of the epoch', async () => {
    const store = await openRedisStore({ url: server.url, prefix: 'flush:' });
    const raw = new Redis(server.url);
    try {
      const at = Date.now();
      await store.pending.put(pendingFor('t1', at));
      // Everything but the confirmation vanishes (a failover to a replica that had only it).
      await raw.del('flush:epoch');
      expect(await store.pending.take('t1', 'slack:U1', at + 1, 'confirmed', 'click-1')).toBeNull();
      expect(await store.pending.get('t1')).toMatchObject({ status: 'used', usedBy: 'state-check' });
      expect(store.faults?.()).toMatchObject({ dataLosses: 1 });
    } finally {
      raw.disconnect();
      await store.close();
    }
  });

  it('is not ready while Redis refuses writes (OOM), counting each refusal', async () => {
    const own = await startRedisServer();
    const store = await openRedisStore({ url: own.url, prefix: 'oom:' });
    const raw = new Redis(own.url);
    try {
      await store.ping();
      await raw.config('SET', 'maxmemory', '1');
      await expect(store.ping()).rejects.toMatchObject({ code: 'STORE_WRITE_REFUSED' });
      await expect(store.pending.put(pendingFor('t1', Date.now()))).rejects.toMatchObject({
        code: 'STORE_WRITE_REFUSED',
        mayHaveApplied: false,
      });
      expect(store.faults?.()).toMatchObject({ writeFailures: 2 });
      await raw.config('SET', 'maxmemory', '0');
      await store.ping();
    } finally {
      raw.disconnect();
      await store.close();
      await own.stop();
    }
  });
});

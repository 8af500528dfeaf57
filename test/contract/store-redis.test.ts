// The store contract against a real redis-server, plus what only the Redis store has: keys under
// the prefix with TTLs, fail-fast StoreUnavailableError when Redis is gone, passwords in the URL.
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/core/store-errors.js';
import { USED_RETENTION_MS } from '../../src/core/store.js';
import { createLogger } from '../../src/logger.js';
import { createReadiness } from '../../src/serve/readiness.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { describeStoreContract, pendingFor } from './store-contract.js';

let server: TestRedisServer;
let opened = 0;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describeStoreContract('redis', async ({ now }) => {
  opened += 1;
  const store = await openRedisStore({ url: server.url, prefix: `contract:${opened}:`, now });
  return { store, cleanup: () => store.close() };
});

describe('Redis store specifics', () => {
  it('keeps every key under the prefix, pending ones expiring at expiry + retention', async () => {
    const store = await openRedisStore({ url: server.url, prefix: 'layout:' });
    const raw = new Redis(server.url);
    try {
      const at = Date.now();
      await store.pending.put(pendingFor('t1', at, { expiresAt: at + 60_000 }));
      await store.pending.put(pendingFor('t2', at, { expiresAt: at + 60_000 }));
      await store.pending.take('t2', 'slack:U1', at, 'confirmed');
      await store.hostnames.remember('AAAA', 'Web');
      await store.bindings.put('slack:C1', { uuid: 'aaaa', label: 'Web' });
      await store.collection('watches').put('w', { n: 1 });
      await store.leases.acquire('sweeper', 'me', 10_000);
      await store.ephemeral.set('k', 'v', 10_000);
      await store.ephemeral.increment('n', 10_000);
      expect((await raw.keys('layout:*')).sort()).toEqual(
        [
          'layout:c:bindings',
          'layout:c:watches',
          'layout:e:k',
          'layout:e:n',
          'layout:epoch',
          'layout:seq',
          'layout:h:host',
          'layout:h:lower',
          'layout:h:name:web',
          'layout:l:sweeper',
          'layout:p:t1',
          'layout:p:t2',
          'layout:pending:due',
        ].sort(),
      );
      const ttl = await raw.pttl('layout:p:t1');
      expect(ttl).toBeGreaterThan(USED_RETENTION_MS + 50_000);
      expect(ttl).toBeLessThanOrEqual(USED_RETENTION_MS + 60_000);
      expect(await raw.pttl('layout:p:t2')).toBeLessThanOrEqual(USED_RETENTION_MS + 60_000);
      expect(await raw.zrange('layout:pending:due', 0, -1)).toEqual(['t1']);
      for (const key of ['layout:l:sweeper', 'layout:e:k', 'layout:e:n'])
        expect(await raw.pttl(key)).toBeGreaterThan(0);
    } finally {
      raw.disconnect();
      await store.close();
    }
  });

  it('fails fast with StoreUnavailableError while Redis is down, and works again once it is back', async () => {
    const own = await startRedisServer();
    let port = own.port;
    const store = await openRedisStore({ url: own.url, prefix: 'outage:', commandTimeoutMs: 500 });
    let restarted: TestRedisServer | undefined;
    try {
      await store.bindings.put('slack:C1', { uuid: 'u', label: 'l' });
      await own.stop();
      const calls = [
        () => store.pending.take('t', 'slack:U1', Date.now(), 'confirmed'),
        () => store.pending.put(pendingFor('t', Date.now())),
        () => store.pending.due(Date.now(), 5),
        () => store.bindings.get('slack:C1'),
        () => store.hostnames.search('w', 5),
        () => store.leases.acquire('l', 'me', 1000),
        () => store.ephemeral.increment('n', 1000),
        () => store.ping(),
      ];
      for (const call of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as Error).message).toMatch(/state store is unreachable/);
      }
      restarted = await startRedisServer({ port });
      port = restarted.port;
      await expect
        .poll(
          () =>
            store.ping().then(
              () => 'up',
              () => 'down',
            ),
          { timeout: 10_000, interval: 100 },
        )
        .toBe('up');
      await store.bindings.put('slack:C2', { uuid: 'u', label: 'l' });
      expect(await store.bindings.count()).toBe(1);
    } finally {
      await store.close();
      await restarted?.stop();
      await own.stop();
    }
  });

  it('refuses to open when Redis cannot be reached, naming the URL without its password, in the error and the log', async () => {
    const own = await startRedisServer();
    await own.stop();
    const lines: string[] = [];
    const destination = new PassThrough().on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const url = `redis://bot:s3cret-pw@127.0.0.1:${own.port}/0`;
    const error = await openRedisStore({
      url,
      connectTimeoutMs: 1000,
      logger: createLogger({ destination }),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toContain(`127.0.0.1:${own.port}`);
    expect((error as Error).message).not.toContain('s3cret-pw');
    expect(lines.join('')).toContain('Redis connection failed');
    expect(lines.join('')).toContain(`127.0.0.1:${own.port}`);
    expect(lines.join('')).not.toContain('s3cret-pw');
  });

  it('gives up on a Redis that stops answering, saying the change may have been made', async () => {
    const own = await startRedisServer();
    const store = await openRedisStore({ url: own.url, prefix: 'frozen:', commandTimeoutMs: 300 });
    try {
      await store.pending.put(pendingFor('t1', Date.now()));
      own.pause();
      const error = await store.pending.take('t1', 'slack:U1', Date.now(), 'confirmed').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error).toMatchObject({ mayHaveApplied: true });
      own.resume();
      await expect
        .poll(
          () =>
            store.ping().then(
              () => 'up',
              () => 'down',
            ),
          { timeout: 10_000, interval: 100 },
        )
        .toBe('up');
      expect(await store.pending.get('t1')).toMatchObject({ status: 'used', usedBy: 'slack:U1' });
    } finally {
      own.resume();
      await store.close();
      await own.stop();
    }
  });

  it('authenticates with the password in the URL, and reports a wrong one without showing it', async () => {
    const own = await startRedisServer({ password: 'p@ss word' });
    try {
      const store = await openRedisStore({ url: own.url, prefix: 'auth:' });
      await store.ephemeral.set('k', 'v', 10_000);
      expect(await store.ephemeral.get('k')).toBe('v');
      await store.close();
      const wrong = `redis://:wrong-secret@127.0.0.1:${own.port}/0`;
      const error = await openRedisStore({ url: wrong, connectTimeoutMs: 1000 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).not.toContain('wrong-secret');
    } finally {
      await own.stop();
    }
  });
});

describe('readiness on the Redis store', () => {
  it('reports the store not reachable, by code only, while Redis is down, and ready once it is back', async () => {
    const own = await startRedisServer();
    const store = await openRedisStore({ url: own.url, prefix: 'ready:' });
    let restarted: TestRedisServer | undefined;
    try {
      const check = createReadiness({ pingStore: () => store.ping(), timeoutMs: 1000 });
      expect(await check()).toEqual({ ready: true });
      await own.stop();
      const down = await check();
      // Unavailable, or (when the probe raced the close) the connection lost under it.
      expect(down).toMatchObject({
        ready: false,
        reason: expect.stringMatching(/^store not reachable: STORE_(UNAVAILABLE|CONNECTION_LOST)$/),
      });
      restarted = await startRedisServer({ port: own.port });
      await expect.poll(() => check(), { timeout: 10_000, interval: 100 }).toEqual({ ready: true });
    } finally {
      await store.close();
      await restarted?.stop();
    }
  });
});

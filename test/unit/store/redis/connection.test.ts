// How the Redis store connects (TLS for rediss://, fail-fast options, capped backoff) and how it
// tells a store outage (StoreUnavailableError, with whether the change may have happened) from
// any other Redis error.
import { ReplyError } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../../src/core/store-errors.js';
import { reconnectDelay, redisClientOptions, toStoreError } from '../../../../src/store/redis/connection.js';

const noCause = () => undefined;

describe('Redis client options', () => {
  it('uses TLS for rediss:// only, checking the URL host', () => {
    expect(redisClientOptions('rediss://:pw@cache.example.com:6380/1').tls).toEqual({
      servername: 'cache.example.com',
    });
    expect(redisClientOptions('redis://127.0.0.1:6379/0').tls).toBeUndefined();
  });

  it('never queues or resends a command while disconnected, and bounds how long one may wait', () => {
    const options = redisClientOptions('redis://127.0.0.1:6379', { commandTimeoutMs: 750 });
    expect(options).toMatchObject({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: 750,
    });
  });

  it('reconnects with a backoff that grows and is capped at 5 s', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 50, 1000].map(reconnectDelay);
    expect(delays.slice(0, 3)).toEqual([100, 200, 400]);
    expect([...delays].sort((a, b) => a - b)).toEqual(delays);
    expect(Math.max(...delays)).toBe(5000);
  });
});

describe('store outage errors', () => {
  it('says a command that was never sent changed nothing', () => {
    const error = toStoreError(
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      () => 'connect ECONNREFUSED 127.0.0.1:6379',
    );
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error).toMatchObject({ mayHaveApplied: false, code: 'STORE_UNAVAILABLE' });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('says a command sent but unanswered may have been applied', () => {
    expect(toStoreError(new Error('Command timed out'), noCause)).toMatchObject({
      mayHaveApplied: true,
      code: 'STORE_TIMEOUT',
    });
    for (const cause of [
      new Error('Connection is closed.'),
      Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }),
    ]) {
      expect(toStoreError(cause, noCause)).toMatchObject({
        name: 'StoreUnavailableError',
        mayHaveApplied: true,
        code: 'STORE_CONNECTION_LOST',
      });
    }
  });

  it('treats a Redis that refuses service as an outage, and leaves other replies and errors alone', () => {
    const noauth = new ReplyError('NOAUTH Authentication required.') as Error;
    expect(toStoreError(noauth, noCause)).toBeInstanceOf(StoreUnavailableError);
    expect(
      toStoreError(new ReplyError('LOADING Redis is loading the dataset in memory') as Error, noCause),
    ).toBeInstanceOf(StoreUnavailableError);
    const wrongType = new ReplyError(
      'WRONGTYPE Operation against a key holding the wrong kind of value',
    ) as Error;
    expect(toStoreError(wrongType, noCause)).toBe(wrongType);
    const bug = new TypeError('x is not a function');
    expect(toStoreError(bug, noCause)).toBe(bug);
  });
});

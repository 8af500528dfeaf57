// The audit trail on Redis: records written by any replica are read back by every replica, newest
// first, per channel; the stream stays capped; an outage is a StoreUnavailableError.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/core/command.js';
import { StoreUnavailableError } from '../../src/core/store-errors.js';
import { openRedisAuditLog } from '../../src/store/redis/redis-audit.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { describeAuditContract } from './audit-contract.js';

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

let opened = 0;
describeAuditContract('Redis stream', async ({ redact }) => {
  opened += 1;
  return { log: await openRedisAuditLog({ url: server.url, prefix: `contract:${opened}:`, redact }), cleanup: async () => {} };
});

function recordFor(n: number, channelId: string, platform = 'slack'): AuditRecord {
  return {
    time: new Date(1_700_000_000_000 + n * 1000).toISOString(),
    invocationId: `inv-${n}`,
    platform,
    userId: 'U1',
    displayName: 'Ada',
    channelId,
    command: 'instance stop',
    args: { instance: 'web-1', password: '[redacted]' },
    decision: 'allowed',
    confirmation: 'confirmed',
    confirmedBy: 'slack:U2',
    result: 'ok',
    durationMs: n,
  };
}

describe('audit log on Redis', () => {
  it('shows every replica the records of all replicas, newest first, per channel and platform', async () => {
    const a = await openRedisAuditLog({ url: server.url, prefix: 'shared:' });
    const b = await openRedisAuditLog({ url: server.url, prefix: 'shared:' });
    try {
      await a.write(recordFor(1, 'C1'));
      await b.write(recordFor(2, 'C1'));
      await a.write(recordFor(3, 'C2'));
      await b.write(recordFor(4, 'C1', 'discord'));
      await a.write(recordFor(5, 'C1'));
      for (const log of [a, b]) {
        expect((await log.recent('C1', 10)).map((r) => r.invocationId)).toEqual(['inv-5', 'inv-4', 'inv-2', 'inv-1']);
        expect((await log.recent('C1', 2, 'slack')).map((r) => r.invocationId)).toEqual(['inv-5', 'inv-2']);
        expect(await log.recent('C9', 10)).toEqual([]);
      }
      expect((await b.recent('C2', 10))[0]).toEqual(recordFor(3, 'C2'));
      // A call written ahead by one replica is unfinished for every replica until one closes it.
      await a.write({ ...recordFor(6, 'C1'), result: 'calling', callId: 'call-1', replica: 'a' });
      expect((await b.unfinished(Date.now())).map((r) => r.callId)).toEqual(['call-1']);
      await b.write({ ...recordFor(7, 'C1'), result: 'unknown', callId: 'call-1', interrupted: true, replica: 'b' });
      expect(await a.unfinished(Date.now())).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('finds a channel’s records behind many newer ones of other channels', async () => {
    const log = await openRedisAuditLog({ url: server.url, prefix: 'deep:' });
    try {
      await log.write(recordFor(0, 'quiet'));
      for (let i = 1; i <= 1200; i += 1) await log.write(recordFor(i, 'busy'));
      expect((await log.recent('quiet', 5)).map((r) => r.invocationId)).toEqual(['inv-0']);
      expect(await log.recent('busy', 700)).toHaveLength(700);
    } finally {
      await log.close();
    }
  });

  it('keeps the stream capped', async () => {
    const log = await openRedisAuditLog({ url: server.url, prefix: 'capped:', maxRecords: 200 });
    const raw = new Redis(server.url);
    try {
      for (let i = 0; i < 2000; i += 1) await log.write(recordFor(i, 'C1'));
      const length = await raw.xlen('capped:audit');
      expect(length).toBeGreaterThanOrEqual(200);
      expect(length).toBeLessThan(400);
      expect((await log.recent('C1', 1))[0]?.invocationId).toBe('inv-1999');
    } finally {
      raw.disconnect();
      await log.close();
    }
  });

  it('reports an outage as StoreUnavailableError', async () => {
    const own = await startRedisServer();
    const log = await openRedisAuditLog({ url: own.url, prefix: 'down:' });
    try {
      await own.stop();
      await expect(log.write(recordFor(1, 'C1'))).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(log.recent('C1', 5)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await log.close();
      await own.stop();
    }
  });
});

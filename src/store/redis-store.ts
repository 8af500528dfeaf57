// The shared store (REDIS_URL set): every replica reads and writes the same Redis, so a click is
// answered by whichever replica it reaches and "take once" holds across processes. All keys live
// under one prefix (VPSOPS_REDIS_PREFIX); see src/store/redis/* for the layout of each concern.
import type { ResolvedInstance } from '../core/command.js';
import { StoreUnavailableError } from '../core/store-errors.js';
import type { BotStore, TrackedOperation } from '../core/store.js';
import type { Logger } from '../logger.js';
import { createRedisConnection, toStoreError } from './redis/connection.js';
import { createRedisContext } from './redis/context.js';
import { createRedisEphemeral } from './redis/ephemeral.js';
import { guarded } from './redis/guard.js';
import { createRedisHostnames } from './redis/hostnames.js';
import { createRedisLeases } from './redis/leases.js';
import { createRedisPending } from './redis/pending.js';
import { createRedisCollection } from './redis/records.js';
import { defineScripts } from './redis/scripts.js';

/** Settings of openRedisStore. */
export interface RedisStoreOptions {
  /** redis:// or rediss:// URL, optionally with user:password and /db. */
  url: string;
  /** Prefix of every key (default "vpsops:"). */
  prefix?: string;
  now?: () => number;
  logger?: Logger;
  /** How long a command may wait for Redis before StoreUnavailableError (default 2000 ms). */
  commandTimeoutMs?: number;
  /** How long to wait for the first connection (default 5000 ms). */
  connectTimeoutMs?: number;
}

/** Connects to Redis and returns the store; rejects with StoreUnavailableError when unreachable. */
export async function openRedisStore(options: RedisStoreOptions): Promise<BotStore> {
  const connection = createRedisConnection(options);
  await connection.connect();
  const { client } = connection;
  const ctx = createRedisContext(
    client,
    options.prefix ?? 'vpsops:',
    options.now ?? Date.now,
    defineScripts(client),
  );
  let closed = false;
  const mapError = (error: unknown): unknown =>
    closed
      ? new StoreUnavailableError('the store has been closed', false)
      : toStoreError(error, connection.lastError);
  const guard = <T extends object>(part: T): T => guarded(part, mapError);
  const operations = {
    async ping() {
      await client.ping();
    },
    async time() {
      const [seconds, micros] = await client.time();
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    },
  };
  return {
    kind: 'redis',
    pending: guard(createRedisPending(ctx)),
    bindings: guard(createRedisCollection<ResolvedInstance>(ctx, 'bindings')),
    hostnames: guard(createRedisHostnames(ctx)),
    operations: guard(createRedisCollection<TrackedOperation>(ctx, 'operations')),
    leases: guard(createRedisLeases(ctx)),
    ephemeral: guard(createRedisEphemeral(ctx)),
    collection: <T>(name: string) => guard(createRedisCollection<T>(ctx, name)),
    time: guard(operations).time,
    ping: guard(operations).ping,
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

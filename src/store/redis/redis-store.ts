// The shared store (REDIS_URL set): every replica reads and writes the same Redis, so a click is
// answered by whichever replica it reaches and "take once" holds across processes. All keys live
// under one prefix (VPSOPS_REDIS_PREFIX); see src/store/redis/* for the layout of each concern.
import {
  type ResolvedInstance,
  isStoreUnavailable,
  type BotStore,
  type StoreFaults,
  type TrackedOperation,
} from '../../core/index.js';
import { StoreUnavailableError } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import type { Redis } from 'ioredis';
import { createRedisConnection, toStoreError } from './connection.js';
import { createRedisContext } from './context.js';
import { createRedisEphemeral } from './ephemeral.js';
import { guarded } from './guard.js';
import { createRedisHostnames } from './hostnames.js';
import { createRedisLeases } from './leases.js';
import { createRedisPending } from './pending.js';
import { createRedisCollection } from './records.js';
import { createRedisSafety, type RedisSafety } from './safety.js';
import { defineScripts } from './scripts.js';
import { createRedisStory } from './story.js';

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
  /** Serve confirmations even without AOF / noeviction (VPSOPS_REDIS_UNSAFE_PERSISTENCE=1, trials). */
  unsafePersistence?: boolean;
}

/** Redis errors as the store's errors; a refused write is counted and logged, and a closed store says so. */
function storeErrors(
  connection: { lastError: () => string | undefined },
  faults: StoreFaults,
  logger: Logger | undefined,
  closed: () => boolean,
): (error: unknown) => unknown {
  return (error) => {
    if (closed()) return new StoreUnavailableError('the store has been closed', false);
    const mapped = toStoreError(error, connection.lastError);
    if (isStoreUnavailable(mapped) && mapped.code === 'STORE_WRITE_REFUSED') {
      faults.writeFailures += 1;
      logger?.error({ err: mapped.reason }, 'Redis refused a write of the bot’s state');
    }
    return mapped;
  };
}

/** Every reconnect may be to a restarted or failed-over Redis: check it again. */
function recheckOnReconnect(client: Redis, safety: RedisSafety, logger: Logger | undefined): void {
  client.on('ready', () => {
    safety
      .check()
      .catch((error: unknown) =>
        logger?.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'Redis safety check failed',
        ),
      );
  });
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
  const faults: StoreFaults = { writeFailures: 0, corruptRecords: 0, dataLosses: 0 };
  const mapError = storeErrors(connection, faults, options.logger, () => closed);
  const guard = <T extends object>(part: T): T => guarded(part, mapError);
  const safety = createRedisSafety(ctx, {
    faults,
    ...(options.unsafePersistence ? { allowUnsafePersistence: true } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  try {
    await guard(safety).check();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  const persistence = safety.persistence();
  options.logger?.info(
    { store: 'redis', redis: connection.hostPort, prefix: ctx.key(''), persistence },
    `state store: Redis at ${connection.hostPort}, persistence ${persistence}`,
  );
  recheckOnReconnect(client, safety, options.logger);
  const operations = {
    // Readiness: a write that expires by itself, and the durability verdict.
    async ping() {
      await client.set(ctx.key('probe:write'), String(ctx.now()), 'PX', 60_000);
      await safety.verifyEpoch();
      safety.assertDurable();
    },
    async time() {
      const [seconds, micros] = await client.time();
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    },
  };
  return {
    kind: 'redis',
    pending: guard(createRedisPending(ctx, safety)),
    bindings: guard(createRedisCollection<ResolvedInstance>(ctx, 'bindings')),
    hostnames: guard(createRedisHostnames(ctx)),
    operations: guard(createRedisCollection<TrackedOperation>(ctx, 'operations')),
    leases: guard(createRedisLeases(ctx)),
    ephemeral: guard(createRedisEphemeral(ctx)),
    story: guard(createRedisStory(ctx)),
    collection: <T>(name: string) => guard(createRedisCollection<T>(ctx, name)),
    time: guard(operations).time,
    ping: guard(operations).ping,
    faults: () => ({ ...faults }),
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

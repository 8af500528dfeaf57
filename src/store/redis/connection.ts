// The Redis connection behind the store: ioredis reconnects by itself with a capped backoff, but
// a command never waits for a connection (no offline queue, no resend after a drop, a command
// timeout), so a chat click fails fast with StoreUnavailableError instead of hanging.
import { Redis, type RedisOptions } from 'ioredis';
import { redactedRedisUrl } from './redis-url.js';
import { StoreUnavailableError } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';

/** Settings of the connection (tests shorten the timeouts). */
export interface RedisConnectionOptions {
  url: string;
  logger?: Logger;
  /** How long a command may wait for its answer (ms). */
  commandTimeoutMs?: number;
  /** How long openRedisStore waits for the first connection (ms). */
  connectTimeoutMs?: number;
}

/** Delay before reconnect attempt `times`: 100 ms doubling, capped at 5 s. */
export function reconnectDelay(times: number): number {
  return Math.min(100 * 2 ** Math.min(times - 1, 6), 5000);
}

/** ioredis options for `url`: TLS for rediss://, fail-fast command handling. */
export function redisClientOptions(
  url: string,
  options: Omit<RedisConnectionOptions, 'url'> = {},
): RedisOptions {
  const parsed = new URL(url);
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    retryStrategy: reconnectDelay,
    ...(parsed.protocol === 'rediss:' ? { tls: { servername: parsed.hostname } } : {}),
  };
}

const OUTAGE_REPLIES = /^(LOADING|MASTERDOWN|BUSY|NOAUTH|WRONGPASS|CLUSTERDOWN|TRYAGAIN)\b/;
/** Redis answers but will not write: out of memory under noeviction, or a read-only replica. */
const WRITE_REFUSALS = /^(OOM|READONLY)\b/;

/** Turns a connection-level failure into StoreUnavailableError; other errors pass through. */
export function toStoreError(error: unknown, lastConnectionError: () => string | undefined): unknown {
  if (!(error instanceof Error) || error instanceof StoreUnavailableError) return error;
  const message = error.message;
  const cause = lastConnectionError();
  const because = cause ? ` (last connection error: ${cause})` : '';
  if (error.name === 'ReplyError') {
    // A MULTI refused as a whole (EXECABORT) carries the queued command's own refusal.
    const refusal = [
      message,
      ...((error as { previousErrors?: Error[] }).previousErrors ?? []).map((e) => e.message),
    ].find((m) => WRITE_REFUSALS.test(m));
    if (refusal)
      return new StoreUnavailableError(
        `Redis refused the write: ${refusal.split(' ')[0]}`,
        false,
        'STORE_WRITE_REFUSED',
      );
    return OUTAGE_REPLIES.test(message)
      ? new StoreUnavailableError(`Redis refused the command: ${message}`, false, 'STORE_REFUSED')
      : error;
  }
  if (message.startsWith("Stream isn't writeable")) {
    return new StoreUnavailableError(`Redis is not connected${because}`, false);
  }
  if (message === 'Command timed out') {
    return new StoreUnavailableError('Redis did not answer in time', true, 'STORE_TIMEOUT');
  }
  if (error.name === 'MaxRetriesPerRequestError' || message === 'Connection is closed.') {
    return new StoreUnavailableError(
      `the connection to Redis dropped before it answered${because}`,
      true,
      'STORE_CONNECTION_LOST',
    );
  }
  return error;
}

/** An ioredis client with outage tracking; `connect()` waits for the first connection. */
export function createRedisConnection(options: RedisConnectionOptions) {
  const where = redactedRedisUrl(options.url) ?? 'redis';
  const client = new Redis(options.url, redisClientOptions(options.url, options));
  let lastError: string | undefined;
  let reported = false;
  client.on('error', (error: Error) => {
    lastError = error.message;
    // One log line per outage, not one per reconnect attempt.
    if (!reported)
      options.logger?.warn({ redis: where, err: error.message }, 'Redis connection failed; reconnecting');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) options.logger?.info({ redis: where }, 'Redis connection restored');
    reported = false;
    lastError = undefined;
  });
  return {
    client,
    where,
    /** host:port only, for the start-up line (no user, password or db). */
    hostPort: new URL(options.url).host,
    lastError: () => lastError,
    /** Connects, or rejects with StoreUnavailableError naming the (redacted) URL and the cause. */
    async connect(): Promise<void> {
      try {
        await client.connect();
      } catch (error) {
        client.disconnect();
        const cause = error instanceof Error ? error.message : String(error);
        throw new StoreUnavailableError(`cannot connect to ${where}: ${cause}`, false);
      }
    },
  };
}

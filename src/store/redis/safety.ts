// Whether this Redis can be trusted with confirmations: it must persist every write (AOF) and never
// evict a key (noeviction), or a used confirmation can come back as pending after a restart or be
// dropped under memory pressure. Checked at start and on every reconnect. Data loss shows as an
// epoch key that vanished or changed (FLUSHALL, a failover to an empty replica) or a take
// sequence lower than this process has seen (a restart from an older snapshot): every
// confirmation minted before the loss was seen is then refused.
import { randomUUID } from 'node:crypto';
import type { StoreFaults } from '../../core/index.js';
import { StoreUnavailableError } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import type { RedisContext } from './context.js';

/** Settings of createRedisSafety. */
export interface RedisSafetyOptions {
  /** Serve confirmations even when persistence is unsafe (VPSOPS_REDIS_UNSAFE_PERSISTENCE=1). */
  allowUnsafePersistence?: boolean;
  logger?: Logger;
  faults: StoreFaults;
}

/** What the store knows about its Redis's durability. */
export interface RedisSafety {
  /** Reads the persistence settings and the epoch; call at start and on each reconnect. */
  check(): Promise<void>;
  /** The epoch this process last saw (the take script compares it). */
  epoch(): string;
  /** The highest take sequence this process has seen. */
  highestSeq(): number;
  /** Notes a take sequence returned by Redis. */
  sawSeq(seq: number): void;
  /** When data loss was last seen (ms), 0 if never: confirmations minted before it are refused. */
  lostAt(): number;
  /** Re-reads the epoch, recording a loss when it vanished or changed (take script, readiness). */
  verifyEpoch(): Promise<void>;
  /** Throws STORE_UNSAFE when Redis may not keep a confirmation (unless allowed). */
  assertDurable(): void;
  /** Why Redis is unsafe, or null. */
  unsafeReason(): string | null;
  /** The verdict of the last check, for the start-up log line. */
  persistence(): 'ok' | 'unsafe' | 'unsafe, allowed by VPSOPS_REDIS_UNSAFE_PERSISTENCE=1';
}

/** One CONFIG GET value, or undefined when CONFIG is refused (managed Redis may rename it). */
async function configValue(ctx: RedisContext, name: string): Promise<string | undefined> {
  try {
    const reply = (await ctx.client.config('GET', name)) as string[];
    return reply[1];
  } catch {
    return undefined;
  }
}

/** Persistence problems read from INFO persistence and CONFIG GET maxmemory-policy. */
async function persistenceProblems(ctx: RedisContext): Promise<string[]> {
  const problems: string[] = [];
  const info = await ctx.client.info('persistence');
  if (!/^aof_enabled:1\s*$/m.test(info)) problems.push('AOF is off (appendonly no)');
  const policy = await configValue(ctx, 'maxmemory-policy');
  // With AOF on but `appendfsync no` the OS decides when a take reaches the disk.
  if (problems.length === 0 && (await configValue(ctx, 'appendfsync')) === 'no')
    problems.push('appendfsync is no (use everysec or always)');
  if (policy === undefined) problems.push('maxmemory-policy could not be read (CONFIG GET refused)');
  else if (policy !== 'noeviction') problems.push(`maxmemory-policy is ${policy}, not noeviction`);
  return problems;
}

/** Creates the durability checks over `ctx`. */
export function createRedisSafety(ctx: RedisContext, options: RedisSafetyOptions): RedisSafety {
  const epochKey = ctx.key('epoch');
  const seqKey = ctx.key('seq');
  let known = '';
  let highestSeq = 0;
  let lostAt = 0;
  let unsafe: string | null = null;

  const readEpoch = async (): Promise<void> => {
    await ctx.client.set(epochKey, randomUUID(), 'NX');
    const [current = '', seq = 0] = await Promise.all([
      ctx.client.get(epochKey).then((value) => value ?? ''),
      ctx.client.get(seqKey).then((value) => Number(value ?? 0)),
    ]);
    if ((known && current !== known) || seq < highestSeq) {
      lostAt = ctx.now();
      options.faults.dataLosses += 1;
      options.logger?.error(
        { lostAt },
        'Redis lost the bot’s data (its epoch key vanished or changed, or its take sequence went back): every confirmation minted before now is refused',
      );
      // A new epoch tells every other replica, at its next take, that a loss happened.
      const fresh = randomUUID();
      await ctx.client.set(epochKey, fresh);
      known = fresh;
    } else known = current;
    highestSeq = seq;
  };

  return {
    async check() {
      const problems = await persistenceProblems(ctx);
      const reason = problems.length > 0 ? `Redis persistence is unsafe: ${problems.join('; ')}` : null;
      if (reason && reason !== unsafe) {
        options.logger?.error(
          { problems, allowed: Boolean(options.allowUnsafePersistence) },
          options.allowUnsafePersistence
            ? `${reason}; serving confirmations anyway (VPSOPS_REDIS_UNSAFE_PERSISTENCE=1)`
            : `${reason}: destructive actions are refused until it has AOF on (appendfsync everysec or always) and maxmemory-policy noeviction, or VPSOPS_REDIS_UNSAFE_PERSISTENCE=1 is set (trials only)`,
        );
      }
      unsafe = reason;
      await readEpoch();
    },
    epoch: () => known,
    highestSeq: () => highestSeq,
    sawSeq(seq) {
      if (Number.isFinite(seq) && seq > highestSeq) highestSeq = seq;
    },
    lostAt: () => lostAt,
    async verifyEpoch() {
      await readEpoch();
    },
    assertDurable() {
      if (unsafe && !options.allowUnsafePersistence)
        throw new StoreUnavailableError(
          `${unsafe} (VPSOPS_REDIS_UNSAFE_PERSISTENCE=1 to allow)`,
          false,
          'STORE_UNSAFE',
        );
    },
    unsafeReason: () => (options.allowUnsafePersistence ? null : unsafe),
    persistence: () =>
      !unsafe
        ? 'ok'
        : options.allowUnsafePersistence
          ? 'unsafe, allowed by VPSOPS_REDIS_UNSAFE_PERSISTENCE=1'
          : 'unsafe',
  };
}

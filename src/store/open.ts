// Picks the bot's state backend from config: Redis when REDIS_URL is set (several processes share
// it), otherwise the embedded journal in the data dir (one process). The audit trail is opened
// beside it. A store backend's configuration fragment is listed here, once, for src/config.ts.
import { createRedactor } from '../api/redact.js';
import type { SettingsOf } from '../adapter-kit/config-fragment.js';
import type { AuditLog, BotStore } from '../core/index.js';
import { openAuditLog } from './embedded/file-audit-log.js';
import type { Logger } from '../logger.js';
import { openEmbeddedStore } from './embedded/embedded-store.js';
import { redisConfig } from './redis/config.js';
import { withRedactedStory } from './redacted-story.js';

/** Every store backend's configuration fragment (the embedded store needs only the data dir). */
export const STORE_CONFIGS = [redisConfig] as const;

/** What the store backends add to the process config (`config.redis`). */
export type StoreSettings = SettingsOf<(typeof STORE_CONFIGS)[number]>;

/** The part of the process config opening the state reads. */
export type StoreConfig = StoreSettings & { dataDir: string };

/** The state a bot runs on, and how to close it. */
export interface BotState {
  store: BotStore;
  audit: AuditLog;
  close(): Promise<void>;
}

/**
 * Opens the configured store and audit log; ConfigError when the data dir is held by another process,
 * StoreUnavailableError when Redis cannot be reached.
 */
export async function openBotState(
  config: StoreConfig,
  /** `secrets`: every secret of the process config (secretsOf), kept out of audit records and stories. */
  { secrets, ...options }: { secrets: readonly string[]; mode?: string; now?: () => number; logger?: Logger },
): Promise<BotState> {
  const { url, prefix, unsafePersistence } = config.redis;
  // The Redis modules (and ioredis) load only when REDIS_URL is set.
  const redis = url
    ? { ...(await import('./redis/redis-store.js')), ...(await import('./redis/redis-audit.js')) }
    : undefined;
  const store =
    redis && url
      ? await redis.openRedisStore({ url, prefix, unsafePersistence: unsafePersistence === true, ...options })
      : await openEmbeddedStore(config.dataDir, options);
  try {
    // Config secrets in any encoding never reach an audit record. With Redis, one audit stream
    // for every replica; otherwise audit.jsonl in the data dir.
    const redact = createRedactor(secrets);
    const audit =
      redis && url
        ? await redis.openRedisAuditLog({ url, prefix, redact, ...options })
        : await openAuditLog(config.dataDir, { redact });
    return {
      store: withRedactedStory(store, redact),
      audit,
      async close() {
        await audit.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

// The audit trail on Redis (REDIS_URL set): one stream that every replica appends to, so the
// `audit` command shows the same history whichever replica answers. Capped (approximately) at
// MAX_RECORDS so the stream cannot grow without bound; older records are trimmed by Redis.
import type { AuditLog } from '../core/audit.js';
import type { AuditRecord } from '../core/command.js';
import { StoreUnavailableError } from '../core/store-errors.js';
import type { Logger } from '../logger.js';
import { createRedisConnection, toStoreError } from './redis/connection.js';
import { guarded } from './redis/guard.js';

/** Records kept in the stream (approximately: trimmed with MAXLEN ~). */
export const MAX_AUDIT_RECORDS = 100_000;
/** How many of the newest records `recent` looks through for one channel. */
const SCAN_LIMIT = 20_000;
const BATCH = 500;

/** Settings of openRedisAuditLog. */
export interface RedisAuditOptions {
  url: string;
  prefix?: string;
  logger?: Logger;
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Stream length cap (tests lower it). */
  maxRecords?: number;
}

const parse = (fields: string[]): AuditRecord | null => {
  const raw = fields[fields.indexOf('r') + 1];
  try {
    return raw === undefined ? null : (JSON.parse(raw) as AuditRecord);
  } catch {
    return null;
  }
};

/** Connects and returns the audit log kept in the stream `<prefix>audit`. */
export async function openRedisAuditLog(options: RedisAuditOptions): Promise<AuditLog> {
  const connection = createRedisConnection(options);
  await connection.connect();
  const { client } = connection;
  const stream = `${options.prefix ?? 'vpsops:'}audit`;
  const cap = options.maxRecords ?? MAX_AUDIT_RECORDS;
  let closed = false;
  const mapError = (error: unknown): unknown =>
    closed ? new StoreUnavailableError('the audit log has been closed', false) : toStoreError(error, connection.lastError);
  const log: Omit<AuditLog, 'close'> = {
    async write(record) {
      await client.xadd(stream, 'MAXLEN', '~', cap, '*', 'r', JSON.stringify(record));
    },
    async recent(channelId, limit, platform) {
      const found: AuditRecord[] = [];
      let end = '+';
      for (let scanned = 0; scanned < SCAN_LIMIT && found.length < limit; ) {
        const entries = await client.xrevrange(stream, end, '-', 'COUNT', BATCH);
        for (const [, fields] of entries) {
          const record = parse(fields);
          if (record?.channelId === channelId && (!platform || record.platform === platform)) found.push(record);
        }
        scanned += entries.length;
        const last = entries.at(-1);
        if (entries.length < BATCH || !last) break;
        end = `(${last[0]}`;
      }
      return found.slice(0, Math.max(0, limit));
    },
  };
  return {
    ...guarded(log, mapError),
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

// The audit trail on Redis (REDIS_URL set): one stream that every replica appends to, so the
// `audit` command shows the same history whichever replica answers. Capped (approximately) at
// MAX_AUDIT_RECORDS; write-ahead `calling` records also sit in a hash by callId until their
// outcome is written, so unfinished() never scans the stream.
import type { Redactor } from '../../api/redact.js';
import type { AuditLog, AuditRecord } from '../../core/index.js';
import { answersConfirmation, inChannel, StoreUnavailableError } from '../../core/kit/index.js';
import type { Logger } from '../../logger.js';
import { createRedisConnection, toStoreError } from './connection.js';
import { createRedisContext } from './context.js';
import { guarded } from './guard.js';

/** Records kept in the stream (approximately: trimmed with MAXLEN ~). */
export const MAX_AUDIT_RECORDS = 100_000;
/** How many of the newest records `recent` and `recentAcrossChannels` look through. */
const SCAN_LIMIT = 20_000;
const BATCH = 500;
/** How long the answer to a confirmation stays findable by invocation id (far past any token's life). */
const ANSWER_TTL_SECONDS = 7 * 24 * 3600;

/** Settings of openRedisAuditLog. */
export interface RedisAuditOptions {
  url: string;
  prefix?: string;
  logger?: Logger;
  /** Applied to every record written (config secrets in any encoding → "[redacted]"). */
  redact?: Redactor;
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Stream length cap (tests lower it). */
  maxRecords?: number;
}

const parse = (raw: string | undefined): AuditRecord | null => {
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
  const prefix = options.prefix ?? 'vpsops:';
  const stream = `${prefix}audit`;
  const calling = `${prefix}audit:calling`;
  // The answer to a confirmation, by invocation id, so answered() never scans the stream.
  const answer = (invocationId: string) => `${prefix}audit:answered:${invocationId}`;
  const cap = options.maxRecords ?? MAX_AUDIT_RECORDS;
  const redact = options.redact ?? ((text: string) => text);
  const { exec } = createRedisContext(client, prefix, Date.now, async () => undefined);
  let closed = false;
  const mapError = (error: unknown): unknown =>
    closed
      ? new StoreUnavailableError('the audit log has been closed', false)
      : toStoreError(error, connection.lastError);
  /** The newest records `keep` accepts, scanning at most SCAN_LIMIT entries back. */
  async function newest(limit: number, keep: (record: AuditRecord) => boolean): Promise<AuditRecord[]> {
    const found: AuditRecord[] = [];
    const done = new Set<string>();
    let end = '+';
    for (let scanned = 0; scanned < SCAN_LIMIT && found.length < limit;) {
      const entries = await client.xrevrange(stream, end, '-', 'COUNT', BATCH);
      for (const [, fields] of entries) {
        const record = parse(fields[fields.indexOf('r') + 1]);
        if (!record) continue;
        // Newest first: a `calling` record is listed only while no outcome for its callId follows.
        if (record.callId && record.result !== 'calling') done.add(record.callId);
        if (record.result === 'calling' && record.callId && done.has(record.callId)) continue;
        if (keep(record)) found.push(record);
      }
      scanned += entries.length;
      const last = entries.at(-1);
      if (entries.length < BATCH || !last) break;
      end = `(${last[0]}`;
    }
    return found.slice(0, Math.max(0, limit));
  }
  const log: Omit<AuditLog, 'close'> = {
    async write(record) {
      const json = redact(JSON.stringify(record));
      const tx = client.multi().xadd(stream, 'MAXLEN', '~', cap, '*', 'r', json);
      if (record.callId && record.result === 'calling') tx.hset(calling, record.callId, json);
      else if (record.callId) tx.hdel(calling, record.callId);
      if (answersConfirmation(record)) tx.set(answer(record.invocationId), json, 'EX', ANSWER_TTL_SECONDS);
      await exec(tx);
    },
    recent: (channelId, limit, platform) => newest(limit, (r) => inChannel(r, channelId, platform)),
    recentAcrossChannels: (limit) => newest(limit, () => true),
    async unfinished(before) {
      const records = (await client.hvals(calling)).flatMap((raw) => parse(raw) ?? []);
      return records
        .filter((r) => Date.parse(r.time) < before)
        .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    },
    async answered(invocationId) {
      return parse((await client.get(answer(invocationId))) ?? undefined) ?? undefined;
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

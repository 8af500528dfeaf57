// Pending confirmations in Redis: one hash per token (the record's JSON body plus the fields a
// compare-and-set looks at), expiring by itself at expiry + USED_RETENTION_MS, and a ZSET of the
// still-pending tokens by expiresAt for due() and count(). The hash layout lets take/attachCard
// check and change `status` in Lua without re-encoding the record (cjson would turn [] into {}).
import type { MessageRef, PendingStore } from '../../core/index.js';
import {
  StoreUnavailableError,
  pendingDropAt,
  USED_RETENTION_MS,
  type PendingConfirmation,
  type PendingResolution,
} from '../../core/kit/index.js';
import type { RedisContext } from './context.js';
import type { RedisSafety } from './safety.js';

const STATE_FIELDS = ['status', 'usedAt', 'usedBy', 'resolution', 'cardRef', 'takeId'] as const;

function toFields(pending: PendingConfirmation): Record<string, string> {
  const body: Record<string, unknown> = { ...pending };
  for (const field of STATE_FIELDS) delete body[field];
  const fields: Record<string, string> = {
    body: JSON.stringify(body),
    status: pending.status,
    expiresAt: String(pending.expiresAt),
    createdAt: String(pending.createdAt),
  };
  if (pending.takeId !== undefined) fields.takeId = pending.takeId;
  if (pending.usedAt !== undefined) fields.usedAt = String(pending.usedAt);
  if (pending.usedBy !== undefined) fields.usedBy = pending.usedBy;
  if (pending.resolution !== undefined) fields.resolution = pending.resolution;
  if (pending.cardRef !== undefined) fields.cardRef = JSON.stringify(pending.cardRef);
  return fields;
}

function fromFields(fields: Record<string, string>): PendingConfirmation | null {
  if (fields.body === undefined) return null;
  const pending = JSON.parse(fields.body) as PendingConfirmation;
  pending.status = fields.status === 'pending' ? 'pending' : 'used';
  if (fields.usedAt !== undefined) pending.usedAt = Number(fields.usedAt);
  if (fields.usedBy !== undefined) pending.usedBy = fields.usedBy;
  if (fields.resolution !== undefined) pending.resolution = fields.resolution as PendingResolution;
  if (fields.cardRef !== undefined) pending.cardRef = JSON.parse(fields.cardRef) as MessageRef;
  if (fields.takeId !== undefined) pending.takeId = fields.takeId;
  return pending;
}

/** A flat [field, value, …] reply (from Lua) as an object. */
function pairs(flat: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(flat)) return fields;
  for (let i = 0; i + 1 < flat.length; i += 2) fields[String(flat[i])] = String(flat[i + 1]);
  return fields;
}

/** Runs a script that answers LOST when Redis lost its data since: verified, then tried once more. */
async function unlessLost(safety: RedisSafety, run: () => Promise<unknown>): Promise<unknown> {
  const before = await run();
  if (before !== 'LOST') return before;
  await safety.verifyEpoch();
  const again = await run();
  if (again === 'LOST') throw new StoreUnavailableError('Redis keeps losing its data', false, 'STORE_UNSAFE');
  return again;
}

/**
 * Up to `limit` kept confirmations due by `at`, page by page through the ZSET; tokens no longer
 * pending leave the index on the way.
 */
async function dueConfirmations(
  { client, exec }: RedisContext,
  { dueKey, keyOf }: { dueKey: string; keyOf: (token: string) => string },
  at: number,
  limit: number,
  keep: (pending: PendingConfirmation) => boolean,
): Promise<PendingConfirmation[]> {
  const found: PendingConfirmation[] = [];
  let passed = 0; // still pending but not kept: stays in the index, so later pages start after it
  for (;;) {
    const tokens = await client.zrangebyscore(dueKey, '-inf', at, 'LIMIT', found.length + passed, limit);
    if (tokens.length === 0) return found;
    const pipeline = client.pipeline();
    for (const token of tokens) pipeline.hgetall(keyOf(token));
    const replies = await exec(pipeline);
    const gone: string[] = [];
    tokens.forEach((token, i) => {
      const pending = fromFields((replies[i] ?? {}) as Record<string, string>);
      if (pending?.status !== 'pending') gone.push(token);
      else if (keep(pending)) found.push(pending);
      else passed += 1;
    });
    if (gone.length > 0) await client.zrem(dueKey, ...gone);
    if (found.length >= limit || tokens.length < limit) return found.slice(0, limit);
  }
}

/** Creates the PendingStore over `ctx`'s connection. */
export function createRedisPending(ctx: RedisContext, safety: RedisSafety): PendingStore {
  const { client, key, now, exec } = ctx;
  const dueKey = key('pending:due');
  const keyOf = (token: string) => key(`p:${token}`);
  // Members past retention point at keys Redis has already expired: drop them first.
  const dropHopeless = () => client.zremrangebyscore(dueKey, '-inf', `(${now() - USED_RETENTION_MS}`);

  return {
    async put(pending) {
      // No new confirmation on a Redis that could lose or re-arm it.
      if (pending.status === 'pending') safety.assertDurable();
      const ttl = Math.ceil(pendingDropAt(pending) - now());
      const tx = client.multi().del(keyOf(pending.token));
      if (ttl > 0) tx.hset(keyOf(pending.token), toFields(pending)).pexpire(keyOf(pending.token), ttl);
      if (ttl > 0 && pending.status === 'pending') tx.zadd(dueKey, pending.expiresAt, pending.token);
      else tx.zrem(dueKey, pending.token);
      await exec(tx);
    },
    async get(token) {
      const found = fromFields(await client.hgetall(keyOf(token)));
      // Redis expires the key by its own clock; the store's clock decides too (as in memory).
      return found && pendingDropAt(found) >= now() ? found : null;
    },
    async take(token, usedBy, at, resolution, takeId) {
      if (resolution === 'confirmed') safety.assertDurable();
      const run = () =>
        ctx.script(
          'vpsopsTake',
          [keyOf(token), dueKey, key('epoch'), key('seq')],
          [
            at,
            usedBy,
            resolution,
            USED_RETENTION_MS,
            now(),
            token,
            takeId ?? '',
            safety.epoch(),
            safety.lostAt(),
            safety.highestSeq(),
          ],
        );
      const before = await unlessLost(safety, run);
      if (!before) return null;
      const fields = pairs(before);
      safety.sawSeq(Number(fields.seq));
      return fromFields(fields);
    },
    async attachCard(token, ref) {
      return (await ctx.script('vpsopsAttachCard', [keyOf(token)], [JSON.stringify(ref)])) === 1;
    },
    async delete(token) {
      await exec(client.multi().del(keyOf(token)).zrem(dueKey, token));
    },
    async due(at, limit, keep = () => true) {
      await dropHopeless();
      return dueConfirmations(ctx, { dueKey, keyOf }, at, limit, keep);
    },
    async count() {
      await dropHopeless();
      return client.zcard(dueKey);
    },
  };
}

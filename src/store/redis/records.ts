// Keyed JSON records in Redis: one hash per collection, field = id, value = the record's JSON.
import type { RecordCollection } from '../../core/kit/index.js';
import type { RedisContext } from './context.js';

/** Creates the collection stored in the hash `<prefix>c:<name>`. */
export function createRedisCollection<T>(ctx: RedisContext, name: string): RecordCollection<T> {
  const { client } = ctx;
  const hash = ctx.key(`c:${name}`);
  return {
    async put(id, value) {
      await client.hset(hash, id, JSON.stringify(value));
    },
    async get(id) {
      const raw = await client.hget(hash, id);
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    async delete(id) {
      await client.hdel(hash, id);
    },
    async list() {
      return (await client.hvals(hash)).map((raw) => JSON.parse(raw) as T);
    },
    async count() {
      return client.hlen(hash);
    },
    async ids() {
      return client.hkeys(hash);
    },
  };
}

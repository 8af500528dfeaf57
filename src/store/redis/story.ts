// Each channel's story in Redis: one sorted set per channel (`<prefix>story:<channel>`), scored by
// the entry's time, so every replica reads the same timeline. Each append drops what is past the
// retention or the channel's cap, and the key expires a retention after its last entry.
import { randomBytes } from 'node:crypto';
import {
  STORY_MAX_ENTRIES,
  STORY_RETENTION_MS,
  type StoryEntry,
  type StoryLog,
} from '../../core/kit/index.js';
import type { RedisContext } from './context.js';

/** Creates the story log over `ctx`'s connection. */
export function createRedisStory(ctx: RedisContext): StoryLog {
  const keyOf = (channel: string) => ctx.key(`story:${channel}`);
  return {
    async append(channel, entry) {
      const key = keyOf(channel);
      // A random member id: two equal entries at one time are still two lines.
      const member = JSON.stringify({ id: randomBytes(4).toString('hex'), entry });
      await ctx.exec(
        ctx.client
          .multi()
          .zadd(key, entry.at, member)
          .zremrangebyscore(key, '-inf', `(${ctx.now() - STORY_RETENTION_MS}`)
          .zremrangebyrank(key, 0, -(STORY_MAX_ENTRIES + 1))
          .pexpire(key, STORY_RETENTION_MS),
      );
    },
    async read(channel, since, limit) {
      const newest = await ctx.client.zrevrangebyscore(
        keyOf(channel),
        '+inf',
        Math.max(since, ctx.now() - STORY_RETENTION_MS),
        'LIMIT',
        0,
        limit,
      );
      return newest.reverse().map((raw) => (JSON.parse(raw) as { entry: StoryEntry }).entry);
    },
    async channels() {
      const start = ctx.key('story:');
      const found: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await ctx.client.scan(cursor, 'MATCH', `${start}*`, 'COUNT', 500);
        found.push(...keys.map((key) => key.slice(start.length)));
        cursor = next;
      } while (cursor !== '0');
      return [...new Set(found)];
    },
    async drop(channel) {
      await ctx.client.del(keyOf(channel));
    },
  };
}

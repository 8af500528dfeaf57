// The hostname directory in Redis: a hash uuid → hostname, a hash uuid → lower-cased hostname
// (so the index set to leave is known without re-lowering in Lua) and one set of uuids per
// lower-cased hostname. Lua scripts keep the three consistent; search() scans (autocomplete only).
import type { HostnameDirectory, KnownHostname } from '../../core/kit/index.js';
import type { RedisContext } from './context.js';

const SCAN_BATCH = 500;

/** Creates the HostnameDirectory over `ctx`'s connection. */
export function createRedisHostnames(ctx: RedisContext): HostnameDirectory {
  const { client, key } = ctx;
  const byUuid = key('h:host');
  const lowerByUuid = key('h:lower');
  const indexPrefix = key('h:name:');
  return {
    async remember(uuid, hostname) {
      const args = [uuid.toLowerCase(), hostname, hostname.toLowerCase(), indexPrefix];
      await ctx.script('vpsopsRemember', [byUuid, lowerByUuid], args);
    },
    async hostnameOf(uuid) {
      return client.hget(byUuid, uuid.toLowerCase());
    },
    async forget(uuid) {
      await ctx.script('vpsopsForget', [byUuid, lowerByUuid], [uuid.toLowerCase(), indexPrefix]);
    },
    async uuidsOf(hostname) {
      return client.smembers(`${indexPrefix}${hostname.toLowerCase()}`);
    },
    async search(prefix, limit) {
      const wanted = prefix.toLowerCase();
      const first: KnownHostname[] = [];
      const rest: KnownHostname[] = [];
      let cursor = '0';
      do {
        const [next, flat] = await client.hscan(byUuid, cursor, 'COUNT', SCAN_BATCH);
        cursor = next;
        for (let i = 0; i + 1 < flat.length; i += 2) {
          const found = { uuid: flat[i]!, hostname: flat[i + 1]! };
          if (found.hostname.toLowerCase().startsWith(wanted)) first.push(found);
          else if (rest.length < limit) rest.push(found);
        }
      } while (cursor !== '0' && first.length < limit);
      return [...first, ...rest].slice(0, limit);
    },
  };
}

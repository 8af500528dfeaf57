// The Lua scripts that make compare-and-set operations atomic across processes: Redis runs each
// script alone, so whichever replica a click reaches, exactly one caller wins.
import type { ClientContext, Redis, Result } from 'ioredis';

/**
 * Pending → used when still pending; returns the hash as it was (field, value, …) plus the new
 * take sequence ('seq', n), or nil. KEYS[3] is the epoch key, KEYS[4] the take sequence: when the
 * epoch no longer holds ARGV[8], or the sequence went below ARGV[10] (the highest this client
 * saw), Redis lost data and 'LOST' is returned with nothing changed. A confirmation minted before
 * ARGV[9] (the last loss seen) is marked used without a resolution and nil returned: its state is
 * uncertain.
 */
const TAKE = `
if redis.call('GET', KEYS[3]) ~= ARGV[8] then return 'LOST' end
if (tonumber(redis.call('GET', KEYS[4])) or 0) < tonumber(ARGV[10]) then return 'LOST' end
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return false end
local at = tonumber(ARGV[1])
local settle = function()
  local expiresAt = tonumber(redis.call('HGET', KEYS[1], 'expiresAt')) or at
  local ttl = math.floor(math.max(expiresAt, at) + tonumber(ARGV[4]) - tonumber(ARGV[5]))
  if ttl < 1 then ttl = 1 end
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('ZREM', KEYS[2], ARGV[6])
end
if (tonumber(redis.call('HGET', KEYS[1], 'createdAt')) or 0) < tonumber(ARGV[9]) then
  redis.call('HSET', KEYS[1], 'status', 'used', 'usedAt', ARGV[1], 'usedBy', 'state-check')
  settle()
  return false
end
local before = redis.call('HGETALL', KEYS[1])
redis.call('HSET', KEYS[1], 'status', 'used', 'usedAt', ARGV[1], 'usedBy', ARGV[2], 'resolution', ARGV[3], 'takeId', ARGV[7])
settle()
table.insert(before, 'seq')
table.insert(before, redis.call('INCR', KEYS[4]))
return before`;

/** Sets the card ref only while the confirmation is still pending; 1 when set. */
const ATTACH_CARD = `
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 0 end
redis.call('HSET', KEYS[1], 'cardRef', ARGV[1])
return 1`;

/** Records uuid → hostname and moves the uuid between the per-hostname index sets. */
const REMEMBER_HOSTNAME = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old and old ~= ARGV[3] then redis.call('SREM', ARGV[4] .. old, ARGV[1]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('SADD', ARGV[4] .. ARGV[3], ARGV[1])
return 1`;

/** Drops a uuid from the directory and from its hostname's index set. */
const FORGET_HOSTNAME = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then redis.call('SREM', ARGV[2] .. old, ARGV[1]) end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`;

/** Takes the lease when free or already ours; 1 when `owner` holds it now. */
const LEASE_ACQUIRE = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Extends the lease only while `owner` holds it. */
const LEASE_RENEW = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** Deletes the lease only while `owner` holds it. */
const LEASE_RELEASE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1`;

/** Adds one; a new key expires ARGV[1] ms later, an existing one keeps its expiry. */
const INCREMENT = `
local value = redis.call('GET', KEYS[1])
local count = (tonumber(value) or 0) + 1
if value then redis.call('SET', KEYS[1], count, 'KEEPTTL') else redis.call('SET', KEYS[1], count, 'PX', ARGV[1]) end
return count`;

const SCRIPTS = {
  vpsopsTake: [4, TAKE],
  vpsopsAttachCard: [1, ATTACH_CARD],
  vpsopsRemember: [2, REMEMBER_HOSTNAME],
  vpsopsForget: [2, FORGET_HOSTNAME],
  vpsopsLeaseAcquire: [1, LEASE_ACQUIRE],
  vpsopsLeaseRenew: [1, LEASE_RENEW],
  vpsopsLeaseRelease: [1, LEASE_RELEASE],
  vpsopsIncrement: [1, INCREMENT],
} as const;

/** Name of a script the store runs. */
export type ScriptName = keyof typeof SCRIPTS;

/** The method ioredis adds for each script (defineCommand), declared so calls are typed. */
type ScriptCommands<Context extends ClientContext> = {
  [N in ScriptName]: (...parts: (string | number)[]) => Result<unknown, Context>;
};

declare module 'ioredis' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging: the members come from ScriptCommands
  interface RedisCommander<
    Context extends ClientContext = { type: 'default' },
  > extends ScriptCommands<Context> {}
}

/** Runs a script by name with its keys then its arguments (EVALSHA, falling back to EVAL). */
export type RunScript = (name: ScriptName, keys: string[], args: (string | number)[]) => Promise<unknown>;

/** Registers the scripts on `client` (ioredis caches their SHA) and returns their runner. */
export function defineScripts(client: Redis): RunScript {
  for (const [name, [numberOfKeys, lua]] of Object.entries(SCRIPTS)) {
    client.defineCommand(name, { numberOfKeys, lua });
  }
  return (name, keys, args) => client[name](...keys, ...args);
}

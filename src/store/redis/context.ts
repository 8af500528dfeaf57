// What every Redis store module shares: the client, the key prefix, the clock, the scripts and a
// MULTI/pipeline runner that surfaces the first failed reply instead of ignoring it.
import type { ChainableCommander, Redis } from 'ioredis';
import type { RunScript } from './scripts.js';

/** The shared pieces handed to each Redis store module. */
export interface RedisContext {
  client: Redis;
  /** `prefix` + name: every key the store touches goes through here. */
  key(name: string): string;
  now(): number;
  script: RunScript;
  /** Runs a MULTI or pipeline; rejects with the first error; resolves to the replies. */
  exec(batch: ChainableCommander): Promise<unknown[]>;
}

/** Builds the context for `prefix`. */
export function createRedisContext(client: Redis, prefix: string, now: () => number, script: RunScript): RedisContext {
  return {
    client,
    key: (name) => `${prefix}${name}`,
    now,
    script,
    async exec(batch) {
      const results = await batch.exec();
      if (results === null) throw new Error('Redis discarded the transaction');
      return results.map(([error, reply]) => {
        if (error) throw error;
        return reply;
      });
    },
  };
}

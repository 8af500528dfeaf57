// Redis's part of the configuration: its variables, the password inside REDIS_URL as its secret,
// and its settings (config.redis). src/store/open.ts lists it for src/config.ts.
import { z } from 'zod';
import { blankToUndefined, configFragment } from '../../adapter-kit/config-fragment.js';
import { redactedRedisUrl } from './redis-url.js';

/** Shared state for several processes; unset url → the embedded store in the data dir (one process). */
export interface RedisSettings {
  url?: string;
  prefix: string;
  /** Serve confirmations even when Redis lacks AOF / noeviction (trials). */
  unsafePersistence?: boolean;
}

export const redisConfig = configFragment({
  key: 'redis',
  env: {
    REDIS_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .refine((raw) => /^rediss?:\/\/[^\s]+$/.test(raw) && URL.canParse(raw), {
          message: 'must be a URL like redis://127.0.0.1:6379/0 (or rediss:// for TLS)',
        })
        .optional(),
    ),
    // "1" lets the bot serve confirmations from a Redis without AOF / noeviction (trials only).
    VPSOPS_REDIS_UNSAFE_PERSISTENCE: z.preprocess(blankToUndefined, z.enum(['0', '1']).default('0')),
    VPSOPS_REDIS_PREFIX: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[\w.:-]{1,64}$/, 'must be 1–64 letters, digits or . _ : -')
        .default('vpsops:'),
    ),
  },
  secretEnv: ['REDIS_URL'],
  settings: (e): RedisSettings => ({
    url: e.REDIS_URL,
    prefix: e.VPSOPS_REDIS_PREFIX,
    unsafePersistence: e.VPSOPS_REDIS_UNSAFE_PERSISTENCE === '1',
  }),
  secrets: (s) => ({ 'the password in REDIS_URL': redisPassword(s.url) }),
  redacted: (s) => ({ ...s, url: redactedRedisUrl(s.url) }),
});

/** The password in a Redis URL (decoded), so it is redacted like every other secret. */
export function redisPassword(raw: string | undefined): string | undefined {
  if (!raw || !URL.canParse(raw)) return undefined;
  const { password } = new URL(raw);
  return password ? decodeURIComponent(password) : undefined;
}

// The core's own variables — the hosting API, policy, data dir, confirmations, tracking, watches,
// paging, leases, replies, rate limits, encryption, ports: their zod schema and the CoreConfig they
// make. Read only by src/config.ts, which adds each platform's and store's fragment.
import { z } from 'zod';
import { LOG_LEVELS, type CoreConfig } from './app-config.js';
import {
  blankToUndefined,
  optionalText,
  optionalUrl,
  positiveInt,
} from '../../adapter-kit/config-fragment.js';
import { ConfigError, DEFAULT_LOCALE, supportedLocales, type Locale } from '../../core/index.js';
import { nearestLocale } from '../../i18n/locale.js';
import { decodeMasterKey } from '../../secrets/envelope.js';

/** Why a HOSTING_API_URL value is unusable, or null; one clear reason per mistake. */
function hostingUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a URL like https://api.example.com/v1';
  }
  if (!/^https?:$/.test(url.protocol)) return `must use http or https, not ${url.protocol.replace(':', '')}`;
  if (url.username || url.password || url.search || url.hash)
    return 'must not carry credentials, a query or a fragment (the key goes in HOSTING_API_KEY)';
  if (!/\/v1\/?$/.test(url.pathname))
    return 'must be the API base URL ending in /v1, e.g. https://api.example.com/v1';
  return null;
}

/** Commands per minute: a whole number, 0 for no limit. */
const perMinute = (fallback: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(fallback));

/** `HOSTING_API_URL=simulator`: the embedded simulator, asked for explicitly. */
const isSimulatorWord = (raw: string) => raw.toLowerCase() === 'simulator';

/** The core's variables (every one that belongs to no platform or store). */
export const coreEnvSchema = z.object({
  HOSTING_API_URL: z.preprocess(blankToUndefined, z.string().trim().optional()).superRefine((raw, ctx) => {
    const problem = raw === undefined || isSimulatorWord(raw) ? null : hostingUrlProblem(raw);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  HOSTING_API_KEY: optionalText,
  HOSTING_API_TIMEOUT_MS: positiveInt(10_000),
  VPSOPS_POLICY: optionalText,
  VPSOPS_DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  VPSOPS_CONFIRM_TTL_SECONDS: positiveInt(120, 86_400),
  VPSOPS_CURRENCY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code like IDR')
      .transform((code) => code.toUpperCase())
      .default('IDR'),
  ),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')),
  // Any BCP 47 tag ("id-ID", "en-GB"): coreConfigOf maps it to the nearest supported language.
  VPSOPS_LOCALE: optionalText,
  // An IANA zone ("Asia/Jakarta"): timeline and catch-up times for readers whose platform tells none.
  VPSOPS_TIMEZONE: z.preprocess(
    blankToUndefined,
    z.string().refine(knownTimeZone, 'must be an IANA time zone like Asia/Jakarta or UTC').optional(),
  ),
  VPSOPS_CONSOLE_USER: optionalText,
  USER: optionalText,
  LOGNAME: optionalText,
  USERNAME: optionalText,
  VPSOPS_TRACK_POLL_MIN_MS: positiveInt(2_000),
  VPSOPS_TRACK_POLL_MAX_MS: positiveInt(15_000),
  VPSOPS_TRACK_TIMEOUT_MS: positiveInt(15 * 60_000),
  VPSOPS_WATCH_INTERVAL_SECONDS: positiveInt(60, 86_400),
  VPSOPS_ALERT_GROUP_WINDOW_SECONDS: positiveInt(30, 3_600),
  // 0 turns reminders off; at most a week.
  VPSOPS_ALERT_RENOTIFY_MINUTES: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(10_080).default(30),
  ),
  VPSOPS_APPROVAL_TTL_SECONDS: positiveInt(900, 86_400),
  VPSOPS_UNKNOWN_HOLD_MINUTES: positiveInt(10, 1_440),
  // Minutes, fractions allowed (0.5: 30 s).
  VPSOPS_SCHEDULE_GRACE_MINUTES: z.preprocess(
    blankToUndefined,
    z.coerce.number().positive().max(1_440).default(10),
  ),
  // Minutes, fractions allowed; after a scheduled stop / restart / rollback / restore is Running again.
  VPSOPS_SCHEDULE_QUIET_MINUTES: z.preprocess(
    blankToUndefined,
    z.coerce.number().positive().max(1_440).default(5),
  ),
  PAGERDUTY_ROUTING_KEY: optionalText,
  PAGERDUTY_EVENTS_URL: optionalUrl,
  VPSOPS_LEASE_TTL_SECONDS: positiveInt(15, 300),
  VPSOPS_INSTANCE_LIST_TTL_SECONDS: positiveInt(60, 86_400),
  VPSOPS_INTERRUPTED_AFTER_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
  VPSOPS_PROGRESS_AFTER_MS: positiveInt(2_000),
  VPSOPS_RATE_LIMIT_USER_PER_MINUTE: perMinute(20),
  VPSOPS_RATE_LIMIT_TENANT_PER_MINUTE: perMinute(300),
  VPSOPS_READ_BUDGET_MS: positiveInt(15_000),
  VPSOPS_ENCRYPTION_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((raw) => decodeMasterKey(raw) !== null, {
        message: 'must be 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`',
      })
      .optional(),
  ),
  VPSOPS_ENCRYPTION_KEY_PREVIOUS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((raw) => decodeMasterKey(raw) !== null, {
        message: 'must be the previous VPSOPS_ENCRYPTION_KEY (32 bytes in base64) while rotating',
      })
      .optional(),
  ),
  PORT: positiveInt(3000, 65_535),
  VPSOPS_ADMIN_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
});

/** Attempts of a retried read (the client's default: 1 + 2 retries). */
const ATTEMPTS_PER_CALL = 3;
/** Hosting-API calls one confirmed handler makes at most (a read before and after the change). */
const CALLS_PER_HANDLER = 3;

/**
 * How old a `calling` audit record must be before a starting process may close it as interrupted:
 * longer than any live replica can spend in one confirmed handler (every call timing out on every
 * attempt), plus a minute of margin for clock skew between replicas.
 */
export function interruptedBound(timeoutMs: number): number {
  return CALLS_PER_HANDLER * ATTEMPTS_PER_CALL * timeoutMs + 60_000;
}

/** Whether Intl knows the zone (an IANA name such as Asia/Jakarta). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** VPSOPS_LOCALE's nearest supported language; English, said once through `warn`, for any other. */
function deploymentLocale(tag: string | undefined, warn: (line: string) => void): Locale {
  if (tag === undefined) return DEFAULT_LOCALE;
  const locale = nearestLocale(tag);
  if (locale === null)
    warn(`VPSOPS_LOCALE=${tag} is not a supported language (${supportedLocales()}): answering in English`);
  return locale ?? DEFAULT_LOCALE;
}

/**
 * The core's settings from its validated variables; throws ConfigError when two of them disagree.
 * `warn` hears about a setting that was replaced by a default (one line each).
 */
export function coreConfigOf(e: z.infer<typeof coreEnvSchema>, warn: (line: string) => void): CoreConfig {
  if (e.VPSOPS_TRACK_POLL_MIN_MS > e.VPSOPS_TRACK_POLL_MAX_MS) {
    throw new ConfigError(
      'Invalid configuration — VPSOPS_TRACK_POLL_MIN_MS must not exceed VPSOPS_TRACK_POLL_MAX_MS',
    );
  }
  if (e.VPSOPS_ADMIN_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration — VPSOPS_ADMIN_PORT must differ from PORT (it moves /readyz and /metrics off the public port)',
    );
  }
  const simulatorRequested = e.HOSTING_API_URL !== undefined && isSimulatorWord(e.HOSTING_API_URL);
  return {
    hostingApi: {
      url: simulatorRequested ? undefined : e.HOSTING_API_URL,
      key: e.HOSTING_API_KEY,
      timeoutMs: e.HOSTING_API_TIMEOUT_MS,
      simulatorRequested,
    },
    policyPath: e.VPSOPS_POLICY ?? './vpsops.policy.yaml',
    policyExplicit: e.VPSOPS_POLICY !== undefined,
    dataDir: e.VPSOPS_DATA_DIR,
    confirmTtlMs: e.VPSOPS_CONFIRM_TTL_SECONDS * 1000,
    approvalTtlMs: e.VPSOPS_APPROVAL_TTL_SECONDS * 1000,
    unknownHoldMs: e.VPSOPS_UNKNOWN_HOLD_MINUTES * 60_000,
    schedules: {
      timeZone: e.VPSOPS_TIMEZONE ?? 'UTC',
      graceMs: Math.round(e.VPSOPS_SCHEDULE_GRACE_MINUTES * 60_000),
      quietMs: Math.round(e.VPSOPS_SCHEDULE_QUIET_MINUTES * 60_000),
    },
    currency: e.VPSOPS_CURRENCY,
    locale: deploymentLocale(e.VPSOPS_LOCALE, warn),
    ...(e.VPSOPS_TIMEZONE ? { timeZone: e.VPSOPS_TIMEZONE } : {}),
    logLevel: e.LOG_LEVEL,
    consoleUser: e.VPSOPS_CONSOLE_USER ?? e.USER ?? e.LOGNAME ?? e.USERNAME ?? 'console',
    ...(e.VPSOPS_CONSOLE_USER ? { consoleApprover: e.VPSOPS_CONSOLE_USER } : {}),
    tracking: {
      pollMinMs: e.VPSOPS_TRACK_POLL_MIN_MS,
      pollMaxMs: e.VPSOPS_TRACK_POLL_MAX_MS,
      timeoutMs: e.VPSOPS_TRACK_TIMEOUT_MS,
    },
    watch: {
      intervalMs: e.VPSOPS_WATCH_INTERVAL_SECONDS * 1000,
      groupWindowMs: e.VPSOPS_ALERT_GROUP_WINDOW_SECONDS * 1000,
      renotifyMs: e.VPSOPS_ALERT_RENOTIFY_MINUTES * 60_000,
    },
    ...(e.PAGERDUTY_ROUTING_KEY
      ? { paging: { routingKey: e.PAGERDUTY_ROUTING_KEY, eventsUrl: e.PAGERDUTY_EVENTS_URL } }
      : {}),
    leaseTtlMs: e.VPSOPS_LEASE_TTL_SECONDS * 1000,
    instanceListTtlMs: e.VPSOPS_INSTANCE_LIST_TTL_SECONDS * 1000,
    audit: {
      interruptedAfterMs: e.VPSOPS_INTERRUPTED_AFTER_MS ?? interruptedBound(e.HOSTING_API_TIMEOUT_MS),
    },
    replies: { progressAfterMs: e.VPSOPS_PROGRESS_AFTER_MS, readBudgetMs: e.VPSOPS_READ_BUDGET_MS },
    rateLimits: {
      userPerMinute: e.VPSOPS_RATE_LIMIT_USER_PER_MINUTE,
      tenantPerMinute: e.VPSOPS_RATE_LIMIT_TENANT_PER_MINUTE,
    },
    port: e.PORT,
    adminPort: e.VPSOPS_ADMIN_PORT,
    ...(e.VPSOPS_ENCRYPTION_KEY ? { encryptionKey: e.VPSOPS_ENCRYPTION_KEY } : {}),
    ...(e.VPSOPS_ENCRYPTION_KEY_PREVIOUS ? { previousEncryptionKey: e.VPSOPS_ENCRYPTION_KEY_PREVIOUS } : {}),
  };
}

// The one place that reads process.env: every setting is validated with zod here, so a bad value
// stops the bot at start-up with a message naming the variable instead of failing later.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { LOG_LEVELS, redisPassword, type AppConfig } from './app-config.js';
import { ConfigError, DEFAULT_LOCALE, LOCALES, supportedLocales } from './core/index.js';
import { redactedRedisUrl } from './store/redis/redis-url.js';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());
const optionalUrl = z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional());
const positiveInt = (fallback: number, max = 2_147_483_647) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).default(fallback));

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

/** `HOSTING_API_URL=simulator`: the embedded simulator, asked for explicitly. */
const isSimulatorWord = (raw: string) => raw.toLowerCase() === 'simulator';

const envSchema = z.object({
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
  VPSOPS_LOCALE: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined),
    z.enum(LOCALES, { error: `must be one of: ${supportedLocales()}` }).default(DEFAULT_LOCALE),
  ),
  VPSOPS_CONSOLE_USER: optionalText,
  USER: optionalText,
  LOGNAME: optionalText,
  USERNAME: optionalText,
  VPSOPS_TRACK_POLL_MIN_MS: positiveInt(2_000),
  VPSOPS_TRACK_POLL_MAX_MS: positiveInt(15_000),
  VPSOPS_TRACK_TIMEOUT_MS: positiveInt(15 * 60_000),
  VPSOPS_WATCH_INTERVAL_SECONDS: positiveInt(60, 86_400),
  PAGERDUTY_ROUTING_KEY: optionalText,
  PAGERDUTY_EVENTS_URL: optionalUrl,
  VPSOPS_LEASE_TTL_SECONDS: positiveInt(15, 300),
  VPSOPS_INSTANCE_LIST_TTL_SECONDS: positiveInt(60, 86_400),
  VPSOPS_INTERRUPTED_AFTER_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
  VPSOPS_PROGRESS_AFTER_MS: positiveInt(2_000),
  VPSOPS_READ_BUDGET_MS: positiveInt(15_000),
  SLACK_BOT_TOKEN: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText,
  SLACK_API_URL: optionalUrl,
  PORT: positiveInt(3000, 65_535),
  VPSOPS_ADMIN_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
  DISCORD_TOKEN: optionalText,
  DISCORD_APPLICATION_ID: optionalText,
  DISCORD_API_URL: optionalUrl,
  DISCORD_GUILD_ID: optionalText,
  DISCORD_PUBLIC_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hex characters of the application public key')
      .optional(),
  ),
  DISCORD_SHARD_COUNT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(4096).optional()),
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

/**
 * Loads `.env` from the working directory into process.env, as `.env.example` promises; variables
 * already set in the environment win. Returns the file's path when one was read.
 */
export function loadDotEnv(path = '.env', env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return path;
}

/** Shorter secrets are never redacted (their encodings would match ordinary text). */
export const MIN_SECRET_LENGTH = 8;

/**
 * Against a real hosting API, a secret too short to be redacted would reach logs and replies as
 * is: refused at start, naming the variable only. The simulator's made-up secrets are let through.
 */
function refuseShortSecrets(e: {
  HOSTING_API_KEY?: string | undefined;
  SLACK_BOT_TOKEN?: string | undefined;
  SLACK_SIGNING_SECRET?: string | undefined;
  SLACK_APP_TOKEN?: string | undefined;
  DISCORD_TOKEN?: string | undefined;
  REDIS_URL?: string | undefined;
  PAGERDUTY_ROUTING_KEY?: string | undefined;
}): void {
  const secrets: Record<string, string | undefined> = {
    HOSTING_API_KEY: e.HOSTING_API_KEY,
    SLACK_BOT_TOKEN: e.SLACK_BOT_TOKEN,
    SLACK_SIGNING_SECRET: e.SLACK_SIGNING_SECRET,
    SLACK_APP_TOKEN: e.SLACK_APP_TOKEN,
    DISCORD_TOKEN: e.DISCORD_TOKEN,
    PAGERDUTY_ROUTING_KEY: e.PAGERDUTY_ROUTING_KEY,
    'the password in REDIS_URL': redisPassword(e.REDIS_URL),
  };
  const short = Object.entries(secrets)
    .filter(([, value]) => value !== undefined && value.length > 0 && value.length < MIN_SECRET_LENGTH)
    .map(([name]) => name);
  if (short.length === 0) return;
  throw new ConfigError(
    `Invalid configuration — ${short.join(', ')}: a secret must be at least ${MIN_SECRET_LENGTH} characters ` +
      '(shorter ones cannot be kept out of logs and messages).',
  );
}

/** Reads and validates the environment; throws ConfigError naming every bad variable (never its value). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.message.startsWith('must ')
        ? `${String(issue.path[0] ?? '?')} ${issue.message}`
        : `${String(issue.path[0] ?? '?')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  }
  const e = parsed.data;
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
  if (e.HOSTING_API_URL !== undefined && !simulatorRequested) refuseShortSecrets(e);
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
    currency: e.VPSOPS_CURRENCY,
    locale: e.VPSOPS_LOCALE,
    logLevel: e.LOG_LEVEL,
    consoleUser: e.VPSOPS_CONSOLE_USER ?? e.USER ?? e.LOGNAME ?? e.USERNAME ?? 'console',
    ...(e.VPSOPS_CONSOLE_USER ? { consoleApprover: e.VPSOPS_CONSOLE_USER } : {}),
    tracking: {
      pollMinMs: e.VPSOPS_TRACK_POLL_MIN_MS,
      pollMaxMs: e.VPSOPS_TRACK_POLL_MAX_MS,
      timeoutMs: e.VPSOPS_TRACK_TIMEOUT_MS,
    },
    watch: { intervalMs: e.VPSOPS_WATCH_INTERVAL_SECONDS * 1000 },
    ...(e.PAGERDUTY_ROUTING_KEY
      ? { paging: { routingKey: e.PAGERDUTY_ROUTING_KEY, eventsUrl: e.PAGERDUTY_EVENTS_URL } }
      : {}),
    leaseTtlMs: e.VPSOPS_LEASE_TTL_SECONDS * 1000,
    instanceListTtlMs: e.VPSOPS_INSTANCE_LIST_TTL_SECONDS * 1000,
    audit: {
      interruptedAfterMs: e.VPSOPS_INTERRUPTED_AFTER_MS ?? interruptedBound(e.HOSTING_API_TIMEOUT_MS),
    },
    replies: { progressAfterMs: e.VPSOPS_PROGRESS_AFTER_MS, readBudgetMs: e.VPSOPS_READ_BUDGET_MS },
    slack: {
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      apiUrl: e.SLACK_API_URL,
      port: e.PORT,
    },
    discord: {
      token: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID,
      apiUrl: e.DISCORD_API_URL,
      guildId: e.DISCORD_GUILD_ID,
      publicKey: e.DISCORD_PUBLIC_KEY,
      shardCount: e.DISCORD_SHARD_COUNT,
      port: e.PORT,
    },
    adminPort: e.VPSOPS_ADMIN_PORT,
    redis: {
      url: e.REDIS_URL,
      prefix: e.VPSOPS_REDIS_PREFIX,
      unsafePersistence: e.VPSOPS_REDIS_UNSAFE_PERSISTENCE === '1',
    },
  };
}

/** Slack runs when both its bot token and signing secret are set. */
export function slackEnabled(config: AppConfig): boolean {
  return Boolean(config.slack.botToken && config.slack.signingSecret);
}

/** Discord runs when both its bot token and application id are set. */
export function discordEnabled(config: AppConfig): boolean {
  return Boolean(config.discord.token && config.discord.applicationId);
}

const REDACTED = '[redacted]';
const hide = (value: string | undefined) => (value === undefined ? undefined : REDACTED);

/** A copy safe to log or print: every key, token and secret replaced by "[redacted]". */
export function redactedConfig(config: AppConfig): AppConfig {
  return {
    ...config,
    hostingApi: { ...config.hostingApi, key: hide(config.hostingApi.key) },
    slack: {
      ...config.slack,
      botToken: hide(config.slack.botToken),
      signingSecret: hide(config.slack.signingSecret),
      appToken: hide(config.slack.appToken),
    },
    discord: { ...config.discord, token: hide(config.discord.token) },
    redis: { ...config.redis, url: redactedRedisUrl(config.redis.url) },
    tracking: { ...config.tracking },
    audit: { ...config.audit },
    replies: { ...config.replies },
  };
}

// The settings the bot runs with, as the core consumes them; src/config.ts builds them from the
// environment (the core never reads the environment itself).
import type { Locale } from './i18n/locale.js';

/** The pino log levels LOG_LEVEL accepts. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** Validated settings for the whole process; secrets live only in hostingApi.key, slack and discord. */
export interface AppConfig {
  /** `simulatorRequested`: HOSTING_API_URL=simulator asked for the embedded simulator by name (serve needs that). */
  hostingApi: { url?: string; key?: string; timeoutMs: number; simulatorRequested: boolean };
  /** Policy file path; `policyExplicit` says VPSOPS_POLICY named it (then it must exist). */
  policyPath: string;
  policyExplicit: boolean;
  dataDir: string;
  confirmTtlMs: number;
  currency: string;
  /** The console's and exec's language, and the channels' default (VPSOPS_LOCALE); absent → en. */
  locale?: Locale;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Who the console user is (VPSOPS_CONSOLE_USER, else USER / LOGNAME / USERNAME). */
  consoleUser: string;
  /**
   * Who approves a two-person request from the console or exec: VPSOPS_CONSOLE_USER, else (unset)
   * the OS account — never USER or `--as`, which anyone can set per command.
   */
  consoleApprover?: string;
  tracking: { pollMinMs: number; pollMaxMs: number; timeoutMs: number };
  /** Watch poller (VPSOPS_WATCH_INTERVAL_SECONDS); absent in hand-built configs → 60 s. */
  watch?: { intervalMs: number };
  /** How long the instance list (E3) is cached for name resolution (VPSOPS_INSTANCE_LIST_TTL_SECONDS); absent → 60 s. */
  instanceListTtlMs?: number;
  /** PagerDuty Events v2 (PAGERDUTY_ROUTING_KEY, a secret; PAGERDUTY_EVENTS_URL); absent: nothing is paged. */
  paging?: { routingKey: string; eventsUrl?: string | undefined };
  /** How long a replica's hold on shared work (a followed operation, the expiry sweep) lasts unless renewed. */
  leaseTtlMs: number;
  /**
   * A write-ahead `calling` audit record older than this at start is closed as unknown (interrupted):
   * no live replica can still be waiting on it (VPSOPS_INTERRUPTED_AFTER_MS; default from the API timeout).
   */
  audit: { interruptedAfterMs: number };
  /** Slow API: a private "still working…" note after progressAfterMs; reads give up after readBudgetMs. */
  replies: { progressAfterMs: number; readBudgetMs: number };
  slack: { botToken?: string; signingSecret?: string; appToken?: string; apiUrl?: string; port: number };
  discord: {
    token?: string;
    applicationId?: string;
    apiUrl?: string;
    guildId?: string;
    /** Application public key (hex): HTTP interactions mode on /discord/interactions. */
    publicKey?: string;
    /** Gateway shards across replicas; unset → Discord's recommendation. */
    shardCount?: number;
    port: number;
  };
  /** VPSOPS_ADMIN_PORT: serve's /healthz, /readyz and /metrics on their own port (PORT keeps /healthz). */
  adminPort?: number;
  /** Shared state for several processes; unset → the embedded store in dataDir (one process). */
  /** `unsafePersistence`: serve confirmations even when Redis lacks AOF / noeviction (trials). */
  redis: { url?: string; prefix: string; unsafePersistence?: boolean };
}

/** Every secret value in the config, for redaction of logs, replies and audit records. */
export function secretsOf(config: AppConfig): string[] {
  return [
    config.hostingApi.key,
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.discord.token,
    redisPassword(config.redis.url),
    config.paging?.routingKey,
  ].filter((value): value is string => typeof value === 'string' && value.length > 0);
}

/** The password in a Redis URL (decoded), so it is redacted like every other secret. */
export function redisPassword(raw: string | undefined): string | undefined {
  if (!raw || !URL.canParse(raw)) return undefined;
  const { password } = new URL(raw);
  return password ? decodeURIComponent(password) : undefined;
}

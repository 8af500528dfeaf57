// The settings the bot runs with, as the core consumes them; load.ts builds them from the
// environment (the core never reads the environment itself). The platforms' and stores' parts
// (config.slack, config.redis, …) are their configuration fragments' settings.
import { PLATFORM_CONFIGS, type PlatformSettings } from '../adapters.js';
import { STORE_CONFIGS, type StoreSettings } from '../../store/open.js';
import type { Locale } from '../../i18n/locale.js';
import type { CoreSetup } from '../../core/index.js';

/** The pino log levels LOG_LEVEL accepts. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** The settings of the process that belong to no platform or store. */
export interface CoreConfig {
  /** `simulatorRequested`: HOSTING_API_URL=simulator asked for the embedded simulator by name (serve needs that). */
  hostingApi: { url?: string; key?: string; timeoutMs: number; simulatorRequested: boolean };
  /** Policy file path; `policyExplicit` says VPSOPS_POLICY named it (then it must exist). */
  policyPath: string;
  policyExplicit: boolean;
  dataDir: string;
  confirmTtlMs: number;
  /** How long a two-person request waits for its approver (VPSOPS_APPROVAL_TTL_SECONDS); default 15 min. */
  approvalTtlMs?: number;
  /** How long a server stays held for an action whose outcome is unknown, unless learned sooner (VPSOPS_UNKNOWN_HOLD_MINUTES); default 10 min. */
  unknownHoldMs?: number;
  currency: string;
  /** The console's and exec's language, and the channels' default (VPSOPS_LOCALE); absent → en. */
  locale?: Locale;
  /** The zone times are shown in where the reader's platform tells none (VPSOPS_TIMEZONE, IANA); absent → UTC. */
  timeZone?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Who the console user is (VPSOPS_CONSOLE_USER, else USER / LOGNAME / USERNAME). */
  consoleUser: string;
  /**
   * Who approves a two-person request from the console or exec: VPSOPS_CONSOLE_USER, else (unset)
   * the OS account — never USER or `--as`, which anyone can set per command.
   */
  consoleApprover?: string;
  tracking: { pollMinMs: number; pollMaxMs: number; timeoutMs: number };
  /**
   * Watch poller (VPSOPS_WATCH_INTERVAL_SECONDS) and storm grouping window
   * (VPSOPS_ALERT_GROUP_WINDOW_SECONDS); absent in hand-built configs → 60 s and 30 s.
   */
  watch?: { intervalMs: number; groupWindowMs?: number; renotifyMs?: number };
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
  /** Commands per minute per person and per tenant (VPSOPS_RATE_LIMIT_*; 0 = off); absent in hand-built configs → no limit. */
  rateLimits?: { userPerMinute: number; tenantPerMinute: number };
  /** VPSOPS_ADMIN_PORT: serve's /healthz, /readyz and /metrics on their own port (PORT keeps /healthz). */
  adminPort?: number;
  /** serve's one HTTP port (PORT): health, readiness, metrics and the platforms' routes. */
  port: number;
  /** VPSOPS_ENCRYPTION_KEY (base64 of 32 bytes): wraps each tenant's data key; required in OAuth mode. */
  encryptionKey?: string;
  /** VPSOPS_ENCRYPTION_KEY_PREVIOUS: while rotating, data keys it wrapped still open and are re-wrapped. */
  previousEncryptionKey?: string;
}

/** Validated settings for the whole process; secrets live in hostingApi.key, paging and the fragments' parts. */
export type AppConfig = CoreConfig & PlatformSettings & StoreSettings;

/** Every fragment of the configuration: the platforms', then the stores'. */
export const CONFIG_FRAGMENTS = [...PLATFORM_CONFIGS, ...STORE_CONFIGS];

/** Every secret in the config by the name a refusal shows (HOSTING_API_KEY, SLACK_BOT_TOKEN, …). */
export function namedSecretsOf(config: AppConfig): Record<string, string | undefined> {
  return Object.assign(
    { HOSTING_API_KEY: config.hostingApi.key },
    ...CONFIG_FRAGMENTS.map((fragment) => fragment.secretsIn(config)),
    { PAGERDUTY_ROUTING_KEY: config.paging?.routingKey, VPSOPS_ENCRYPTION_KEY: config.encryptionKey },
    { VPSOPS_ENCRYPTION_KEY_PREVIOUS: config.previousEncryptionKey },
  );
}

/** Every secret value in the config, for redaction of logs, replies and audit records. */
export function secretsOf(config: AppConfig): string[] {
  return Object.values(namedSecretsOf(config)).filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
}

/** The core's settings, picked out of the process config (the core never sees the rest). */
export function coreSetupOf(config: AppConfig): CoreSetup {
  return {
    currency: config.currency,
    confirmTtlMs: config.confirmTtlMs,
    ...(config.approvalTtlMs !== undefined ? { approvalTtlMs: config.approvalTtlMs } : {}),
    ...(config.unknownHoldMs !== undefined ? { unknownHoldMs: config.unknownHoldMs } : {}),
    replies: { ...config.replies },
    ...(config.locale !== undefined ? { locale: config.locale } : {}),
    ...(config.timeZone !== undefined ? { timeZone: config.timeZone } : {}),
    ...(config.instanceListTtlMs !== undefined ? { instanceListTtlMs: config.instanceListTtlMs } : {}),
    ...(config.rateLimits ? { rateLimits: { ...config.rateLimits } } : {}),
    leaseTtlMs: config.leaseTtlMs,
    interruptedAfterMs: config.audit.interruptedAfterMs,
  };
}

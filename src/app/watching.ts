// The watches as the app composes them: the policy's runbooks and on-call targets, the config's
// intervals, grouping and paging, over the app's API, store and audit trail.
import type { AuditLog, BotServices, BotStore, TenantScope, loadPolicy } from '../core/index.js';
import type { HostingApi } from '../api/index.js';
import type { Logger } from '../logger.js';
import { createWatching, type AlertMetrics, type Watching } from '../watch/index.js';
import type { AppConfig } from './config/app-config.js';
import { pagerFor } from './services.js';

/** What the watches run on: the app's own parts. */
export interface WatchingParts {
  /** The policy in force: its runbook links and on-call targets. */
  policy: Pick<ReturnType<typeof loadPolicy>, 'runbook' | 'oncall'>;
  api: HostingApi;
  store: BotStore;
  audit: AuditLog;
  owner: string;
  logger: Logger;
  tenants?: TenantScope;
  charts?: BotServices['renderChart'];
}

/** The app options the watches read (createApp's; tests override the interval and pacing). */
export interface WatchingOverrides {
  watchIntervalMs?: number;
  watchPacing?: Parameters<typeof createWatching>[0]['pacing'];
  alertMetrics?: AlertMetrics;
  now?: () => Date;
}

/** The watches for this config and these app options (tests override the interval and pacing). */
export function watchingFor(config: AppConfig, options: WatchingOverrides, parts: WatchingParts): Watching {
  const { policy } = parts;
  const now = options.now;
  return createWatching({
    runbookFor: (hostname) => policy.runbook(hostname),
    ...(parts.charts ? { charts: parts.charts } : {}),
    api: parts.api,
    store: parts.store,
    ...(parts.tenants ? { tenants: parts.tenants } : {}),
    owner: parts.owner,
    intervalMs: options.watchIntervalMs ?? config.watch?.intervalMs ?? 60_000,
    ...(options.watchPacing ? { pacing: options.watchPacing } : {}),
    leaseTtlMs: config.leaseTtlMs,
    logger: parts.logger,
    ...(config.locale ? { locale: config.locale } : {}),
    ...(config.instanceListTtlMs !== undefined ? { instanceListTtlMs: config.instanceListTtlMs } : {}),
    audit: parts.audit,
    ...(config.watch?.groupWindowMs ? { groupWindowMs: config.watch.groupWindowMs } : {}),
    ...(config.watch?.renotifyMs !== undefined ? { renotifyMs: config.watch.renotifyMs } : {}),
    oncall: (platform, channelId) => policy.oncall(platform, channelId),
    locale: config.locale,
    ...(options.alertMetrics ? { metrics: options.alertMetrics } : {}),
    ...(now ? { now: () => now().getTime() } : {}),
    ...(config.paging ? { pagerDuty: pagerFor(config.paging) } : {}),
  });
}

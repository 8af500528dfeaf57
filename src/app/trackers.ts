// The operation tracker's slot in the app: its factory type and the default one, timed from config.
import type {
  BotStore,
  OperationTracker,
  Responder,
  TenantScope,
  TrackedOperation,
  WriteReplay,
} from '../core/index.js';
import type { HostingApi } from '../api/index.js';
import type { AppConfig } from './config/app-config.js';
import type { Logger } from '../logger.js';
import { createOperationTracker } from '../tracking/index.js';

/** A tracker with its lifecycle, as the tracking module builds it. */
export type AppTracker = OperationTracker & {
  stop?(): void;
  resume?(responderFor: (op: TrackedOperation) => Responder | null): Promise<number>;
};

/** A tracker built once the bot's store exists. */
export type TrackerFactory = (deps: {
  api: HostingApi;
  store: BotStore;
  config: AppConfig;
  owner: string;
  logger?: Logger;
  /** OAuth mode: adopted operations are followed as their tenant's. */
  tenants?: TenantScope;
  /** Writes the store refused, replayed once it is back (shared with the core). */
  replay?: WriteReplay;
}) => AppTracker;

/** Poll timing and lease settings of every tracker, from config. */
export function trackerSettings(config: AppConfig) {
  return {
    pollMinMs: config.tracking.pollMinMs,
    pollMaxMs: config.tracking.pollMaxMs,
    timeoutMs: config.tracking.timeoutMs,
    leaseTtlMs: config.leaseTtlMs,
    // Takeover of a dead follower's operation within lease TTL + 2/3 TTL (≤ 25 s by default).
    adoptIntervalMs: Math.round((config.leaseTtlMs * 2) / 3),
  };
}

/** The default tracker: polls the hosting API per config.tracking and edits the confirmed card. */
export const defaultTracker: TrackerFactory = ({ api, store, config, owner, logger, tenants, replay }) =>
  createOperationTracker({
    api,
    store,
    owner,
    ...(tenants ? { tenants } : {}),
    ...(replay ? { replay } : {}),
    ...trackerSettings(config),
    ...(logger ? { logger } : {}),
  });

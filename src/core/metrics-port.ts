// What the core counts for /metrics, as a port so the core stays free of prom-client. Labels are
// closed sets (command paths from the registry, platforms, outcomes): never user input.
import type { Platform } from './ports.js';

/** How a confirmation ended, as counted by vpsops_confirmations_total. */
export type ConfirmationOutcome = 'confirmed' | 'cancelled' | 'expired' | 'refused';

/** Counters the runner feeds; the observability module implements them with prom-client. */
export interface CoreMetrics {
  /** One finished invocation; `command` is a registered path or "unknown". */
  commandDone(command: string, platform: Platform, outcome: string): void;
  confirmation(outcome: ConfirmationOutcome): void;
  /** OAuth mode: one finished command of a tenant (`tenant` is tenantLabel's hash), done or rate limited. */
  tenantCommand?(tenant: string, result: 'done' | 'rate_limited'): void;
  /** A scheduled action settled at its time: run, skipped (told why) or missed (past its grace). */
  schedule?(outcome: 'run' | 'skipped' | 'missed'): void;
}

/** Metrics that go nowhere (tests, exec). */
export const NO_METRICS: CoreMetrics = { commandDone() {}, confirmation() {} };

// vpsops_alerts_total{kind} and vpsops_watches on the serve registry: the prom-client side of the
// watch module's AlertMetrics port. `kind` is a closed set (status, cpu, memory, unreachable).
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type AlertKind } from '../core/kit/index.js';
import { ALERT_KINDS } from '../core/kit/index.js';
import { DELIVERY_FAILURES, type AlertMetrics } from '../watch/index.js';
import { DEFAULT_PLATFORMS } from './metrics.js';

/** Registers the watch metrics on `registry` (the one /metrics serves) and returns the port. */
export function createAlertMetrics(
  registry: Registry,
  platforms: readonly string[] = DEFAULT_PLATFORMS,
): AlertMetrics {
  const registers = [registry];
  const alerts = new Counter({
    name: 'vpsops_alerts_total',
    help: 'Alerts delivered by watches (one per incident), by kind (status, cpu, memory, unreachable, gone, balance).',
    labelNames: ['kind'] as const,
    registers,
  });
  for (const kind of ALERT_KINDS) alerts.inc({ kind }, 0);
  const failures = new Counter({
    name: 'vpsops_alert_delivery_failures_total',
    help: 'Alert posts and edits that still failed after their retries, by platform and reason.',
    labelNames: ['platform', 'reason'] as const,
    registers,
  });
  const watches = new Gauge({
    name: 'vpsops_watches',
    help: 'Watches in the store (all channels).',
    registers,
  });
  const pages = new Counter({
    name: 'vpsops_pages_total',
    help: 'PagerDuty events by action (trigger, acknowledge, resolve) and outcome (sent, rejected, invalid, rate-limited, server-error, network, timeout).',
    labelNames: ['action', 'outcome'] as const,
    registers,
  });
  const outbound = new Counter({
    name: 'vpsops_outbound_total',
    help: 'Alert posts and edits through the per-channel pacer, by platform, method (post, update) and outcome (sent, failed, rate_limited, coalesced, unchanged).',
    labelNames: ['platform', 'method', 'outcome'] as const,
    registers,
  });
  const outboundDelay = new Histogram({
    name: 'vpsops_outbound_delay_seconds',
    help: 'Time an alert post or edit waited in its channel queue before it was sent.',
    labelNames: ['platform'] as const,
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers,
  });
  const OUTBOUND_OUTCOMES = ['sent', 'failed', 'rate_limited', 'coalesced', 'unchanged'];
  const PAGE_OUTCOMES = ['sent', 'rejected', 'invalid', 'rate-limited', 'server-error', 'network', 'timeout'];
  const known = new Set<string>(ALERT_KINDS);
  return {
    alertOpened(kind: AlertKind) {
      if (known.has(kind)) alerts.inc({ kind });
    },
    deliveryFailed(platform, reason) {
      failures.inc({
        platform: platforms.includes(platform) ? platform : 'other',
        reason: (DELIVERY_FAILURES as readonly string[]).includes(reason) ? reason : 'other',
      });
    },
    watches(count: number) {
      watches.set(count);
    },
    paged(action, outcome) {
      pages.inc({ action, outcome: PAGE_OUTCOMES.includes(outcome) ? outcome : 'other' });
    },
    outbound(platform, method, outcome, delaySeconds) {
      outbound.inc({ platform, method, outcome: OUTBOUND_OUTCOMES.includes(outcome) ? outcome : 'other' });
      if (delaySeconds !== undefined) outboundDelay.observe({ platform }, delaySeconds);
    },
  };
}

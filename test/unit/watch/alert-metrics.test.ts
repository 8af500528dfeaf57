import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createAlertMetrics } from '../../../src/observability/alert-metrics.js';

describe('alert metrics', () => {
  it('counts alerts by kind and reports the number of watches in the exposition', async () => {
    const registry = new Registry();
    const metrics = createAlertMetrics(registry);
    metrics.alertOpened('cpu');
    metrics.alertOpened('cpu');
    metrics.alertOpened('status');
    metrics.watches(7);
    const text = await registry.metrics();
    expect(text).toContain('vpsops_alerts_total{kind="cpu"} 2');
    expect(text).toContain('vpsops_alerts_total{kind="status"} 1');
    expect(text).toContain('vpsops_alerts_total{kind="unreachable"} 0');
    expect(text).toContain('vpsops_watches 7');
  });
});

describe('outbound metrics', () => {
  it('count paced posts and edits by platform, method and outcome, and how long they waited', async () => {
    const registry = new Registry();
    const metrics = createAlertMetrics(registry);
    metrics.outbound?.('slack', 'post', 'sent', 1.5);
    metrics.outbound?.('slack', 'update', 'coalesced');
    metrics.outbound?.('discord', 'post', 'made-up');
    const text = await registry.metrics();
    expect(text).toContain('vpsops_outbound_total{platform="slack",method="post",outcome="sent"} 1');
    expect(text).toContain('vpsops_outbound_total{platform="slack",method="update",outcome="coalesced"} 1');
    expect(text).toContain('vpsops_outbound_total{platform="discord",method="post",outcome="other"} 1');
    expect(text).toContain('vpsops_outbound_delay_seconds_count{platform="slack"} 1');
  });
});

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

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web1 } = SEED_IDS.instances;
const GARBAGE = /undefined|null|NaN|Infinity|\[object/;

describe('commands facing surprising API answers', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('shows dashes, never "undefined" or "NaN", for a detail full of nulls and odd types', async () => {
    h.sim.faults.inject({
      endpoint: 'instance.detail',
      kind: 'body',
      body: {
        message: 'ok',
        data: {
          uuid: web1,
          hostname: 'web-1',
          cpu: 4,
          is_cpu_dedicated: 'true',
          memory: 8192,
          storage: 160,
          status: 'Terminating',
          public_ip: [],
          os: null,
          private_network: null,
          location: null,
          price_per_hour: '1500',
          estimated_monthly_price: null,
          created_at: 'sometime last year',
          last_started_at: null,
          last_backup_at: null,
        },
      },
    });
    const out = await h.run('instance show web-1');
    expect(out.message.tone).toBe('danger');
    expect(out.text).toContain('4 vCPU (dedicated)');
    expect(out.text).toContain('8 GB');
    expect(out.text).toContain('IDR 1,500/h');
    expect(out.text).toContain('sometime last year');
    expect(out.text).toMatch(/Last backup\s+never/);
    expect(out.text).not.toMatch(GARBAGE);
  });

  it('says so when the metrics come back empty, without a chart', async () => {
    h.sim.faults.inject({
      endpoint: 'instance.rrd',
      kind: 'body',
      body: { message: 'ok', data: { cpu: [], memory: [], network: [], disk: [] } },
    });
    const out = await h.run('instance metrics web-1');
    expect(out.text).toContain('No samples were returned for this period.');
    expect(out.text).toContain('0 samples');
    expect(out.text).not.toMatch(GARBAGE);
  });

  it('keeps the numbers when the chart cannot be drawn', async () => {
    await h.close();
    h = await startHarness({
      charts: async () => {
        throw new Error('no fonts');
      },
    });
    const out = await h.run('instance metrics web-1');
    expect(out.message.outcome).toBe('ok');
    expect(out.text).toContain('The chart could not be drawn');
    expect(out.text).toMatch(/CPU.*avg/);
  });

  it('still shows the incident card when the metrics endpoint fails', async () => {
    await h.run('use web-1');
    h.sim.faults.inject({ endpoint: 'instance.rrd', kind: 'status', status: 500 });
    const out = await h.run('status');
    expect(out.message.title).toBe('web-1 — Running');
    expect(out.text).toMatch(/CPU, last hour\s+metrics unavailable/);
  });

  it('refuses at the click a stop previewed while Running once someone else has stopped it, sending nothing', async () => {
    const preview = await h.run('instance stop web-1');
    await h.api.instances.stop(web1);
    const done = await h.confirm(preview.token!);
    expect(done.message.outcome).toBe('error');
    expect(done.text).toContain('This preview no longer holds');
    expect(done.text).toContain('Nothing was done');
    expect(done.text).not.toContain('Stop requested');
    // Only the other party's stop reached the API: the premise re-check refused before calling.
    expect(h.sim.countRequests('instance.stop')).toBe(1);
    expect(h.followed).toEqual([]);
  });
});

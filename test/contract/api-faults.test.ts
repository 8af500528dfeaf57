import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/index.js';
import type { EndpointName, HostingApi } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { failure, freshPairEachTest, SEEDED_CALLS, startPair, wrongKeyClient } from './api-support.js';
import type { Simulator } from './api-support.js';

const web1 = SEED_IDS.instances.web1;
const names = Object.keys(ENDPOINTS) as EndpointName[];
let sim: Simulator;
let api: HostingApi;

freshPairEachTest((pair) => ({ sim, api } = pair));

describe('every endpoint against the simulator', () => {
  it.each(names)('%s succeeds with the seeded estate', async (name) => {
    await expect(SEEDED_CALLS[name](api)).resolves.toBeDefined();
    expect(sim.countRequests(name)).toBe(1);
  });

  it.each(names)('%s reports a wrong key as UNAUTHORIZED without leaking either key', async (name) => {
    const error = await failure(SEEDED_CALLS[name](wrongKeyClient(sim)));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, endpoint: name });
    const text = JSON.stringify(error) + String(error) + (error.stack ?? '') + String(error.cause);
    expect(text).not.toContain('sim_wrong_key');
    expect(text).not.toContain(sim.apiKey);
  });
});

describe('retry rules with injected faults', () => {
  it.each(names.filter((n) => !ENDPOINTS[n].retrySafe))(
    'sends %s exactly once when it fails with a 500',
    async (name) => {
      sim.faults.inject({ endpoint: name, kind: 'status', status: 500, message: 'injected' });
      const error = await failure(SEEDED_CALLS[name](api));
      expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', status: 500, endpoint: name });
      expect(sim.countRequests(name)).toBe(1);
    },
  );

  it('sends backup restore exactly once when it is rate limited', async () => {
    sim.faults.inject({ endpoint: 'backup.restore', kind: 'rate-limit', retryAfterSeconds: 0 });
    expect((await failure(SEEDED_CALLS['backup.restore'](api))).code).toBe('RATE_LIMITED');
    expect(sim.countRequests('backup.restore')).toBe(1);
  });

  it('retries instance detail through two 500s and succeeds on the third request', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 500, times: 2 });
    await expect(api.instances.detail(web1)).resolves.toMatchObject({ hostname: 'web-1' });
    expect(sim.countRequests('instance.detail')).toBe(3);
  });

  it('retries a rate-limited read once the Retry-After has passed', async () => {
    sim.faults.inject({ endpoint: 'systems.list', kind: 'rate-limit', retryAfterSeconds: 0, times: 1 });
    await expect(api.systems.list()).resolves.not.toHaveLength(0);
    expect(sim.countRequests('systems.list')).toBe(2);
  });

  it('gives up at once on a Retry-After beyond the cap and says when to come back', async () => {
    sim.faults.inject({ endpoint: 'systems.list', kind: 'rate-limit', retryAfterSeconds: 120 });
    const error = await failure(api.systems.list());
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 120_000 });
    expect(sim.countRequests('systems.list')).toBe(1);
  });

  it('reports TIMEOUT when the service never answers', async () => {
    const { sim: slow, api: impatient } = await startPair({ timeoutMs: 150, retries: 0 });
    try {
      slow.faults.inject({ endpoint: 'instance.stop', kind: 'hang' });
      const error = await failure(impatient.instances.stop(web1));
      expect(error).toMatchObject({ code: 'TIMEOUT', endpoint: 'instance.stop' });
      expect(slow.countRequests('instance.stop')).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('still answers through added latency', async () => {
    sim.faults.inject({ endpoint: 'network.details', kind: 'latency', ms: 30 });
    await expect(api.privateNetworks.details(SEED_IDS.networks.backend.uuid)).resolves.toMatchObject({
      status: 'Active',
    });
  });
});

describe('unusable and variant bodies', () => {
  it('reports a body that is not JSON as UPSTREAM_INVALID naming the endpoint, without retrying it', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'malformed' });
    const error = await failure(api.instances.detail(web1));
    expect(error).toMatchObject({ code: 'UPSTREAM_INVALID', endpoint: 'instance.detail' });
    expect(sim.countRequests('instance.detail')).toBe(1);
  });

  it('reports data of the wrong kind as UPSTREAM_INVALID', async () => {
    sim.faults.inject({
      endpoint: 'billing.paymentMethods',
      kind: 'body',
      body: { message: 'ok', data: 'none today' },
    });
    expect((await failure(api.billing.paymentMethods())).code).toBe('UPSTREAM_INVALID');
  });

  it('reads a variant instance payload the real service is known to send', async () => {
    sim.faults.inject({
      endpoint: 'instance.detail',
      kind: 'body',
      body: {
        message: 'Success',
        data: {
          uuid: web1,
          hostname: 'web-1',
          cpu: 4,
          memory: 8192,
          price_per_hour: '1250',
          public_ip: null,
          os: null,
          extra: 1,
        },
      },
    });
    const detail = await api.instances.detail(web1);
    expect(detail).toMatchObject({
      cpu: '4',
      memory: '8192',
      price_per_hour: 1250,
      public_ip: null,
      os: null,
      status: null,
    });
  });

  it('derives the page when a paginated answer has no page object', async () => {
    sim.faults.inject({
      endpoint: 'backup.history',
      kind: 'body',
      body: { message: 'ok', data: { data: [{ id: web1 }] } },
    });
    const history = await api.backups.history(web1);
    expect(history.page).toEqual({ total: 1, count: 1, per_page: 1, current_page: 1, total_pages: 1 });
  });
});

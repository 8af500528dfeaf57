import { describe, expect, it } from 'vitest';
import { parseApiDate, PERIODES } from '../../src/api/index.js';
import type { HostingApi } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { failure, freshPairEachTest, UNKNOWN_UUID, wrongKeyClient } from './api-support.js';
import type { Simulator } from './api-support.js';

const I = SEED_IDS.instances;
let sim: Simulator;
let api: HostingApi;

freshPairEachTest((pair) => ({ sim, api } = pair));

describe('instance detail (1)', () => {
  it('returns the typed detail of a seeded instance', async () => {
    const detail = await api.instances.detail(I.web1);
    expect(detail).toMatchObject({ uuid: I.web1, hostname: 'web-1', status: 'Running', location_id: 1 });
    expect(detail.public_ip?.ip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(parseApiDate(detail.created_at)).toBeInstanceOf(Date);
  });

  it('reads cpu as text whether the service sends a number or a string', async () => {
    for (const uuid of Object.values(I)) {
      const detail = await api.instances.detail(uuid);
      expect(detail.cpu === null || typeof detail.cpu === 'string').toBe(true);
      expect(detail.memory === null || typeof detail.memory === 'string').toBe(true);
    }
  });

  it('shows an instance without a public IP as having none', async () => {
    const detail = await api.instances.detail(I.db1);
    expect(detail.public_ip?.ip_address ?? null).toBeNull();
  });

  it('reports an unknown instance as NOT_FOUND with the service message', async () => {
    const error = await failure(api.instances.detail(UNKNOWN_UUID));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, endpoint: 'instance.detail' });
    expect(error.apiMessage).toBeTruthy();
  });

  it('rejects a malformed uuid without sending a request', async () => {
    const error = await failure(api.instances.detail('web-1'));
    expect(error.code).toBe('INVALID_INPUT');
    expect(sim.countRequests('instance.detail')).toBe(0);
  });
});

describe('instance stop (2)', () => {
  it('stops a running instance, which then reads as Stopped', async () => {
    await expect(api.instances.stop(I.web1)).resolves.toMatchObject({ uuid: I.web1, hostname: 'web-1' });
    expect((await api.instances.detail(I.web1)).status).toBe('Stopped');
  });

  it('reports stopping an already stopped instance as a conflict', async () => {
    const error = await failure(api.instances.stop(I.worker1));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, endpoint: 'instance.stop' });
  });
});

describe('instance delete (3)', () => {
  it('starts terminating the instance, honouring the removal flags', async () => {
    const result = await api.instances.delete(I.web2, { removeIp: true, removeBlockStorage: true });
    expect(result).toMatchObject({ uuid: I.web2, hostname: 'web-2' });
    expect((await api.instances.detail(I.web2)).status).toBe('Terminating');
    expect(sim.requests().find((r) => r.endpoint === 'instance.delete')?.method).toBe('POST');
  });

  it('reports deleting an unknown instance as NOT_FOUND', async () => {
    const error = await failure(
      api.instances.delete(UNKNOWN_UUID, { removeIp: false, removeBlockStorage: false }),
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', endpoint: 'instance.delete' });
    expect((await api.instances.detail(I.web2)).status).toBe('Running');
  });
});

describe('console websocket (4)', () => {
  it('returns a websocket URL and password for a running instance', async () => {
    const access = await api.instances.consoleWebsocket(I.web1);
    expect(access.url).toMatch(/^wss?:\/\//);
    expect(access.password.length).toBeGreaterThan(0);
  });

  it('refuses the console of a stopped instance', async () => {
    const error = await failure(api.instances.consoleWebsocket(I.worker1));
    expect(error.code).toBe('CONFLICT');
    expect(error.endpoint).toBe('instance.console');
  });
});

describe('monitoring series (5)', () => {
  it.each(PERIODES)('returns all four series with numeric samples for periode %s', async (periode) => {
    const rrd = await api.instances.rrd(I.web1, periode);
    for (const series of [rrd.cpu, rrd.memory, rrd.network, rrd.disk])
      expect(series.length).toBeGreaterThan(0);
    expect(typeof rrd.cpu[0]?.cpu).toBe('number');
    expect(typeof rrd.memory[0]?.raw_usage_memory).toBe('number');
    expect(typeof rrd.cpu[0]?.time).toBe('string');
  });

  it('rejects an unknown periode without sending a request', async () => {
    const error = await failure(api.instances.rrd(I.web1, 'decade' as 'day'));
    expect(error.code).toBe('INVALID_INPUT');
    expect(sim.countRequests('instance.rrd')).toBe(0);
  });

  it('reports the series of an unknown instance as NOT_FOUND', async () => {
    expect((await failure(api.instances.rrd(UNKNOWN_UUID, 'day'))).code).toBe('NOT_FOUND');
  });
});

describe('instances without a public IP (6)', () => {
  it('lists the instances of a location that have no public IP', async () => {
    const jakarta = await api.instances.withoutPublicIp(SEED_IDS.locations.jakarta);
    expect(jakarta.map((o) => o.id)).toContain(I.db1);
    expect(jakarta.map((o) => o.id)).not.toContain(I.web1);
    const singapore = await api.instances.withoutPublicIp(SEED_IDS.locations.singapore);
    expect(singapore.find((o) => o.id === I.worker1)?.hostname).toBe('worker-1');
  });

  it('rejects a location id that is not a positive integer without sending a request', async () => {
    expect((await failure(api.instances.withoutPublicIp(0))).code).toBe('INVALID_INPUT');
    expect(sim.countRequests('instance.noIp')).toBe(0);
  });

  it('reports a wrong key as UNAUTHORIZED', async () => {
    const error = await failure(wrongKeyClient(sim).instances.withoutPublicIp(1));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, endpoint: 'instance.noIp' });
  });
});

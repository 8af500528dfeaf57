// E5 start and E6 restart in the simulator: stateful transitions, refusals by state, and a
// simulator started without them answering 404 as an unknown route.
import { describe, expect, it, vi } from 'vitest';
import { SEED_IDS, optionalEndpoint, type SimulatorHandle } from '../../../src/simulator/index.js';
import { SIM_NOW, simulatorCall, simulatorPerTest } from '../../support/simulator-client.js';

const { web1, worker1 } = SEED_IDS.instances;
let sim: SimulatorHandle;
const start = simulatorPerTest((s) => (sim = s), { now: () => SIM_NOW });

const call = (path: string, method = 'GET') => simulatorCall(sim, path, method);
const status = async (uuid: string) => (await call(`/instance/${uuid}/detail`)).body.data.status;

describe('simulator start (E5)', () => {
  it('takes a stopped instance through Starting to Running, answering uuid and hostname', async () => {
    await start({ timing: { startMs: 60_000 } });
    const res = await call(`/instance/${worker1}/start`, 'PATCH');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uuid: worker1, hostname: 'worker-1' });
    expect(await status(worker1)).toBe('Starting');
    expect((await call(`/instance/${worker1}/detail`)).body.data.operation_flag).toBe(1);
    expect((await call(`/instance/${worker1}/start`, 'PATCH')).status).toBe(409);
  });

  it('ends Running after startMs; starting a running instance is a 409', async () => {
    await start({ timing: { startMs: 20 } });
    await call(`/instance/${worker1}/start`, 'PATCH');
    await vi.waitFor(async () => expect(await status(worker1)).toBe('Running'));
    const again = await call(`/instance/${web1}/start`, 'PATCH');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already running');
  });
});

describe('simulator restart (E6)', () => {
  it('takes a running instance to Stopping at once, answering uuid and hostname', async () => {
    await start({ timing: { stopMs: 60_000 } });
    const res = await call(`/instance/${web1}/restart`, 'PATCH');
    expect(res.body.data).toEqual({ uuid: web1, hostname: 'web-1' });
    expect(await status(web1)).toBe('Stopping');
  });

  it('then to Starting once stopped, and back to Running', async () => {
    await start({ timing: { stopMs: 0, startMs: 60_000 } });
    await call(`/instance/${web1}/restart`, 'PATCH');
    await vi.waitFor(async () => expect(await status(web1)).toBe('Starting'));
    await start({ timing: { stopMs: 5, startMs: 5 } });
    await call(`/instance/${web1}/restart`, 'PATCH');
    await vi.waitFor(async () => expect(await status(web1)).toBe('Running'));
  });

  it('refuses a stopped instance (start it instead) and a busy one', async () => {
    await start({ timing: { stopMs: 60_000 } });
    const stopped = await call(`/instance/${worker1}/restart`, 'PATCH');
    expect(stopped.status).toBe(409);
    expect(stopped.body.message).toContain('start it instead');
    await call(`/instance/${web1}/restart`, 'PATCH');
    expect(await status(web1)).toBe('Stopping');
    expect((await call(`/instance/${web1}/restart`, 'PATCH')).status).toBe(409);
  });
});

describe('simulator without E5 and E6', () => {
  it('answers both 404 as an unknown route and changes nothing', async () => {
    await start({ notOffered: [optionalEndpoint('E5'), optionalEndpoint('e6')] });
    expect((await call(`/instance/${worker1}/start`, 'PATCH')).status).toBe(404);
    expect((await call(`/instance/${web1}/restart`, 'PATCH')).status).toBe(404);
    expect(await status(worker1)).toBe('Stopped');
    expect(await status(web1)).toBe('Running');
  });
});

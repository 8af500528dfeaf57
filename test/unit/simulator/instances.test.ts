import { describe, expect, it, vi } from 'vitest';
import { SEED_IDS, type SimulatorHandle } from '../../../src/simulator/index.js';
import { SIM_NOW, simulatorCall, simulatorPerTest } from '../../support/simulator-client.js';

const { web1, web2, db1, worker1, cache1 } = SEED_IDS.instances;
let sim: SimulatorHandle;
const start = simulatorPerTest((s) => (sim = s), { now: () => SIM_NOW });

const call = (path: string, method = 'GET', form?: Record<string, string>) =>
  simulatorCall(sim, path, method, form);
const detail = async (uuid: string) => (await call(`/instance/${uuid}/detail`)).body.data;

describe('simulator seeded instances', () => {
  it('describes web-1 like the real service: numeric cpu, IDR prices, human dates, IP and network', async () => {
    await start();
    const data = await detail(web1);
    expect(data).toMatchObject({
      uuid: web1,
      hostname: 'web-1',
      cpu: 2,
      status: 'Running',
      location_id: 1,
      location: 'Jakarta',
      public_ip: { ip_id: SEED_IDS.publicIps.web1, ip_address: '203.0.113.10' },
      private_network: 'backend',
      price_per_hour: 1250,
      estimated_monthly_price: 912500,
      created_at: '25 January 2024 14:37',
      os: { name: 'Ubuntu', version: '22.04' },
    });
    expect(data.last_backup_at).toBe('19 November 2026 21:12');
  });

  it('sends cpu as a string for the other instances, null public_ip where there is none', async () => {
    await start();
    const db = await detail(db1);
    expect(db.cpu).toBe('4');
    expect(db.public_ip).toBeNull();
    expect(db.private_network).toBe('backend');
    const worker = await detail(worker1);
    expect(worker).toMatchObject({
      status: 'Stopped',
      location: 'Singapore',
      public_ip: null,
      private_network: null,
    });
    expect((await detail(cache1)).location_id).toBe(2);
    expect((await detail(web2)).last_backup_at).toBe('21 November 2026 00:12');
  });

  it('lists instances without a public IP in a location', async () => {
    await start();
    expect((await call('/instance/options/no-ip?location_id=1')).body.data).toEqual([
      { id: db1, hostname: 'db-1' },
    ]);
    expect((await call('/instance/options/no-ip?location_id=2')).body.data).toEqual([
      { id: worker1, hostname: 'worker-1' },
    ]);
    expect((await call('/instance/options/no-ip?location_id=99')).body.data).toEqual([]);
  });
});

describe('simulator instance stop', () => {
  it('stops a running instance and the detail shows Stopped afterwards', async () => {
    await start();
    const res = await call(`/instance/${web2}/stop`, 'PATCH');
    expect(res.body.data).toEqual({ uuid: web2, hostname: 'web-2' });
    expect((await detail(web2)).status).toBe('Stopped');
    expect(sim.state.getInstance(web2)?.status).toBe('Stopped');
  });

  it('refuses to stop an instance that is already stopped, with a clear message', async () => {
    await start();
    const res = await call(`/instance/${worker1}/stop`, 'PATCH');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('already stopped');
  });

  it('passes through Stopping when stopMs is set', async () => {
    await start({ timing: { stopMs: 60_000 } });
    await call(`/instance/${web2}/stop`, 'PATCH');
    expect((await detail(web2)).status).toBe('Stopping');
  });
});

describe('simulator instance delete', () => {
  it('shows Terminating at once and then answers 404 on every instance endpoint', async () => {
    await start({ timing: { terminateMs: 20 } });
    const res = await call(`/instance/${web2}/delete`, 'POST', { _method: 'DELETE' });
    expect(res.body.message).toMatch(/terminat/i);
    await vi.waitFor(() => expect(sim.state.getInstance(web2)).toBeUndefined());
    for (const path of ['detail', 'rrd?periode=hour', 'backup/history']) {
      expect((await call(`/instance/${web2}/${path}`)).status).toBe(404);
    }
    expect((await call(`/instance/${web2}/stop`, 'PATCH')).status).toBe(404);
    expect(sim.state.getBackups(web2)).toEqual([]);
  });

  it('is Terminating while termination runs and refuses a second delete', async () => {
    await start({ timing: { terminateMs: 60_000 } });
    await call(`/instance/${web1}/delete`, 'POST', { _method: 'DELETE' });
    expect((await detail(web1)).status).toBe('Terminating');
    expect((await call(`/instance/${web1}/delete`, 'POST', { _method: 'DELETE' })).status).toBe(409);
  });

  it('keeps the public IP unassigned and the volume detached when remove_ip / remove_block_storage are false', async () => {
    await start({ timing: { terminateMs: 60_000 } });
    await call(`/instance/${web1}/delete`, 'POST', {
      _method: 'DELETE',
      remove_ip: 'false',
      remove_block_storage: '0',
    });
    expect(sim.state.getPublicIp(SEED_IDS.publicIps.web1)).toMatchObject({
      address: '203.0.113.10',
      instanceUuid: null,
    });
    expect(sim.state.getBlockStorages().find((s) => s.name === 'web-1-data')?.instanceUuid).toBeNull();
  });

  it('releases the public IP and removes the volume when remove_ip / remove_block_storage are true', async () => {
    await start({ timing: { terminateMs: 60_000 } });
    await call(`/instance/${web1}/delete`, 'POST', {
      _method: 'DELETE',
      remove_ip: 'true',
      remove_block_storage: '1',
    });
    expect(sim.state.getPublicIp(SEED_IDS.publicIps.web1)).toBeUndefined();
    expect(sim.state.getBlockStorages().map((s) => s.name)).not.toContain('web-1-data');
  });

  it('rejects a remove_ip value that is not a boolean', async () => {
    await start();
    expect((await call(`/instance/${web1}/delete`, 'POST', { remove_ip: 'maybe' })).status).toBe(422);
    expect((await detail(web1)).status).toBe('Running');
  });
});

describe('simulator console and monitoring', () => {
  it('hands out a wss console URL with a token and a random password for a running instance', async () => {
    await start();
    const first = (await call(`/instance/${web1}/console-websocket`, 'POST')).body.data;
    const second = (await call(`/instance/${web1}/console-websocket`, 'POST')).body.data;
    expect(first.url).toMatch(/^wss:\/\/console\.sim\.local\/.+\?token=[0-9a-f]+$/);
    expect(first.password).toBeTruthy();
    expect(second.password).not.toBe(first.password);
  });

  it('refuses a console for a stopped instance', async () => {
    await start();
    expect((await call(`/instance/${worker1}/console-websocket`, 'POST')).status).toBe(409);
  });

  it('returns the four series with the documented sample count for every periode', async () => {
    await start();
    const expected = { hour: 60, day: 288, week: 168, month: 120, year: 365 };
    for (const [periode, count] of Object.entries(expected)) {
      const data = (await call(`/instance/${web1}/rrd?periode=${periode}`)).body.data;
      for (const series of ['cpu', 'memory', 'network', 'disk']) expect(data[series]).toHaveLength(count);
    }
  });

  it('gives plausible, repeatable hour samples ending at the current minute, with a CPU spike', async () => {
    await start();
    const data = (await call(`/instance/${web1}/rrd?periode=hour`)).body.data;
    const again = (await call(`/instance/${web1}/rrd?periode=hour`)).body.data;
    expect(again).toEqual(data);
    expect(data.cpu.at(-1).time).toBe('2026-11-21 03:12:00');
    expect(data.cpu[0].time).toBe('2026-11-21 02:13:00');
    const cpu = data.cpu.map((s: { cpu: number }) => s.cpu);
    expect(Math.min(...cpu)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...cpu)).toBeGreaterThan(80);
    expect(data.memory[0]).toMatchObject({ raw_max_memory: 4 * 1024 ** 3, max_memory: '4.00 GB' });
    expect(data.network[0].netin).toMatch(/B\/s$/);
    expect(typeof data.disk[0].raw_diskwrite).toBe('number');
  });

  it('shows flat metrics after a stopped instance went down', async () => {
    await start();
    const data = (await call(`/instance/${worker1}/rrd?periode=hour`)).body.data;
    expect(data.cpu.every((s: { cpu: number }) => s.cpu === 0)).toBe(true);
  });
});

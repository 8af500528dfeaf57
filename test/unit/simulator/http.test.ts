import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  runSimulatorCli,
  SEED_IDS,
  startSimulator,
  type SimulatorHandle,
} from '../../../src/simulator/index.js';
import { simulatorPerTest } from '../../support/simulator-client.js';

const web1 = SEED_IDS.instances.web1;
let sim: SimulatorHandle;
const start = simulatorPerTest((s) => (sim = s));
beforeEach(async () => {
  await start();
});

async function call(path: string, init: RequestInit = {}, key: string | null = sim.apiKey) {
  const headers: Record<string, string> = key === null ? {} : { 'x-apikey': key };
  const res = await fetch(`${sim.url}${path}`, {
    ...init,
    headers: { ...headers, ...(init.headers as object) },
  });
  return {
    status: res.status,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are probed loosely in assertions
    body: (await res.json()) as { message: string; data?: any },
  };
}

describe('simulator HTTP surface', () => {
  it('listens on 127.0.0.1 with a /v1 base URL and a sim_ API key', () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(sim.apiKey).toMatch(/^sim_[0-9a-f]{24}$/);
  });

  it('uses the API key it was given', async () => {
    const own = await startSimulator({ apiKey: 'sim_given' });
    try {
      const res = await fetch(`${own.url}/systems`, { headers: { 'x-apikey': 'sim_given' } });
      expect(res.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('answers 401 with a JSON message when the API key is missing', async () => {
    const res = await call(`/instance/${web1}/detail`, {}, null);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it('answers 401 for a wrong key, before anything else, and never echoes the key', async () => {
    const res = await call('/no/such/path', {}, 'sim_wrong_key');
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('sim_wrong_key');
  });

  it('answers 404 with a message for an unknown path', async () => {
    const res = await call('/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('/v1/no/such/path');
  });

  it('answers 404 for an unknown instance uuid and for a malformed one', async () => {
    expect((await call('/instance/00000000-0000-4000-8000-000000000000/detail')).status).toBe(404);
    const malformed = await call('/instance/not-a-uuid/detail');
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe('Instance not found.');
  });

  it('answers 405 with a JSON message when the path exists but the method does not', async () => {
    const res = await call(`/instance/${web1}/detail`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.body.message).toContain('DELETE');
  });

  it('answers 422 for a missing required form field', async () => {
    const res = await call('/storage/blocks/create', { method: 'POST', body: new URLSearchParams({}) });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('name');
  });

  it('answers 422 for a periode outside hour|day|week|month|year and for a missing one', async () => {
    expect((await call(`/instance/${web1}/rrd?periode=decade`)).status).toBe(422);
    expect((await call(`/instance/${web1}/rrd`)).status).toBe(422);
  });

  it('answers 422 for non-integer location_id and vm_id', async () => {
    expect((await call('/instance/options/no-ip?location_id=jakarta')).status).toBe(422);
    expect((await call('/instance/options/no-ip')).status).toBe(422);
    expect((await call('/credential/ssh/unassigned?vm_id=1.5')).status).toBe(422);
  });

  it('answers 422 for a bad limit or page', async () => {
    expect((await call('/billing/report/summary?limit=0')).status).toBe(422);
    expect((await call('/billing/report/summary?limit=abc')).status).toBe(422);
    expect((await call('/billing/report/summary?page=-1')).status).toBe(422);
    expect((await call('/billing/report/summary?limit=1000')).status).toBe(422);
  });

  it('accepts a POST with _method=DELETE on the delete endpoint', async () => {
    const res = await call(`/instance/${web1}/delete`, {
      method: 'POST',
      body: new URLSearchParams({ _method: 'DELETE' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uuid: web1, hostname: 'web-1' });
  });

  it('answers 405 to a delete POST without _method=DELETE and leaves the instance running', async () => {
    const res = await call(`/instance/${web1}/delete`, {
      method: 'POST',
      body: new URLSearchParams({ remove_ip: '1' }),
    });
    expect(res.status).toBe(405);
    expect(res.body.message).toMatch(/Supported methods: DELETE/);
    expect(sim.state.getInstance(web1)?.status).toBe('Running');
  });

  it('records every request with its endpoint name, method, path and status', async () => {
    await call(`/instance/${web1}/detail`);
    await call('/no/such/path');
    await call('/systems', {}, null);
    expect(
      sim.requests().map(({ endpoint, method, path, status }) => ({ endpoint, method, path, status })),
    ).toEqual([
      { endpoint: 'instance.detail', method: 'GET', path: `/v1/instance/${web1}/detail`, status: 200 },
      { endpoint: 'unknown', method: 'GET', path: '/v1/no/such/path', status: 404 },
      { endpoint: 'systems.list', method: 'GET', path: '/v1/systems', status: 401 },
    ]);
    expect(sim.countRequests('instance.detail')).toBe(1);
    expect(sim.countRequests('instance.stop')).toBe(0);
    expect(typeof sim.requests()[0]?.time).toBe('number');
  });

  it('finishes close() while a request hangs, and the hung client sees the connection end', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'hang' });
    const pending = fetch(`${sim.url}/instance/${web1}/detail`, { headers: { 'x-apikey': sim.apiKey } }).then(
      () => 'answered',
      () => 'connection closed',
    );
    await vi.waitFor(() => expect(sim.countRequests('instance.detail')).toBe(1));
    await sim.close();
    expect(await pending).toBe('connection closed');
    expect(sim.requests()[0]?.status).toBe(0);
  });

  it('can be closed twice', async () => {
    await sim.close();
    await expect(sim.close()).resolves.toBeUndefined();
  });

  it('runs from the CLI entry, printing its URL and API key', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    let cli: SimulatorHandle | undefined;
    try {
      cli = await runSimulatorCli({ port: 0, apiKey: 'sim_cli' });
    } finally {
      spy.mockRestore();
    }
    try {
      expect(lines.join('')).toBe(`Hosting API simulator on ${cli.url}\nAPI key: sim_cli\n`);
    } finally {
      await cli.close();
    }
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS, type SimulatorHandle } from '../../../src/simulator/index.js';
import { simulatorPerTest } from '../../support/simulator-client.js';

const web1 = SEED_IDS.instances.web1;
let sim: SimulatorHandle;
const start = simulatorPerTest((s) => (sim = s));
beforeEach(async () => {
  await start();
});

const detail = (): Promise<Response> =>
  fetch(`${sim.url}/instance/${web1}/detail`, { headers: { 'x-apikey': sim.apiKey } });

describe('simulator faults', () => {
  it('answers with the injected status and message', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 503, message: 'maintenance' });
    const res = await detail();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'maintenance' });
  });

  it('answers 429 with a Retry-After header for a rate limit', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'rate-limit', retryAfterSeconds: 7 });
    const res = await detail();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('answers 200 with a body that is not JSON for a malformed fault', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'malformed' });
    const res = await detail();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(sim.requests()[0]?.status).toBe(200);
  });

  it('answers 200 with exactly the injected body', async () => {
    const body = { message: 'ok', data: { uuid: web1, cpu: null, surprise: [1, 2] } };
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'body', body });
    expect(await (await detail()).json()).toEqual(body);
  });

  it('answers normally after a latency fault', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'latency', ms: 30 });
    const res = await detail();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { hostname: string } }).data.hostname).toBe('web-1');
  });

  it('does not apply the state change of a request a fault answered', async () => {
    sim.faults.inject({ endpoint: 'instance.stop', kind: 'status', status: 500 });
    const res = await fetch(`${sim.url}/instance/${web1}/stop`, {
      method: 'PATCH',
      headers: { 'x-apikey': sim.apiKey },
    });
    expect(res.status).toBe(500);
    expect(sim.state.getInstance(web1)?.status).toBe('Running');
  });

  it('counts down `times` and then answers normally', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 502, times: 2 });
    expect((await detail()).status).toBe(502);
    expect((await detail()).status).toBe(502);
    expect((await detail()).status).toBe(200);
  });

  it('applies faults in injection order, "*" matching every endpoint, until clear()', async () => {
    sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 500, times: 1 });
    sim.faults.inject({ endpoint: '*', kind: 'status', status: 503 });
    expect((await detail()).status).toBe(500);
    expect((await detail()).status).toBe(503);
    expect((await fetch(`${sim.url}/systems`, { headers: { 'x-apikey': sim.apiKey } })).status).toBe(503);
    sim.faults.clear();
    expect((await detail()).status).toBe(200);
  });

  it('leaves other endpoints alone', async () => {
    sim.faults.inject({ endpoint: 'instance.stop', kind: 'status', status: 500 });
    expect((await detail()).status).toBe(200);
  });

  it('still checks the API key before applying a fault', async () => {
    sim.faults.inject({ endpoint: '*', kind: 'status', status: 500 });
    const res = await fetch(`${sim.url}/instance/${web1}/detail`);
    expect(res.status).toBe(401);
  });
});

// Raw HTTP calls to a running simulator for its own tests: JSON bodies probed loosely.
import type { SimulatorHandle } from '../../src/simulator/index.js';

/** Status and parsed JSON body of one request, authenticated with the simulator's key. */
export async function simulatorCall(
  sim: SimulatorHandle,
  path: string,
  method = 'GET',
  form?: Record<string, string>,
) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { 'x-apikey': sim.apiKey },
    body: form ? new URLSearchParams(form) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are probed loosely in assertions
  return { status: res.status, body: (await res.json()) as { message: string; data: any } };
}

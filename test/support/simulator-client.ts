// A simulator per test, and raw HTTP calls to it, for the simulator's own tests: JSON bodies probed loosely.
import { afterEach } from 'vitest';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../src/simulator/index.js';

/** The fixed clock of the simulator suites, so seeded times and human dates are stable. */
export const SIM_NOW = new Date('2026-11-21T03:12:30Z');

/**
 * Closes the test's simulator after each test and returns `start`, which boots one (`base` options
 * overridden per call) and hands it to `use`, so suites do not each repeat the same hooks.
 */
export function simulatorPerTest(
  use: (sim: SimulatorHandle) => void,
  base: SimulatorOptions = {},
): (opts?: SimulatorOptions) => Promise<SimulatorHandle> {
  let current: SimulatorHandle | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (opts = {}) => {
    current = await startSimulator({ ...base, ...opts });
    use(current);
    return current;
  };
}

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

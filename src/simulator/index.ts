// The hosting-API simulator: the embedded default backend, the e2e tests' server, and
// `vpsops simulator`. Plain node:http on 127.0.0.1, stateful, with injectable faults.
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { EndpointName } from '../api/endpoints.js';
import { randomApiKey } from './auth.js';
import { FaultList } from './faults.js';
import { Scheduler } from './scheduler.js';
import { handleRequest } from './server.js';
import { seedEstate, SimulatorState } from './state.js';
import {
  DEFAULT_TIMING,
  OPTIONAL_ENDPOINTS,
  type OptionalEndpoint,
  type RequestRecord,
  type SimulatorHandle,
  type SimulatorOptions,
} from './types.js';

export { SEED_IDS } from './seed-ids.js';
export { SimulatorState } from './state.js';
export { OPTIONAL_ENDPOINTS } from './types.js';
export type {
  Fault,
  OptionalEndpoint,
  RequestRecord,
  SimulatorHandle,
  SimulatorOptions,
  SimulatorTiming,
} from './types.js';
export type * from './records.js';

/** Starts a seeded simulator; resolves once it listens (port 0 → an ephemeral port). */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const apiKey = opts.apiKey ?? randomApiKey();
  const now = opts.now ?? (() => new Date());
  const timing = { ...DEFAULT_TIMING, ...opts.timing };
  const state = new SimulatorState(seedEstate(now(), { instances: opts.instances }));
  const scheduler = new Scheduler();
  const faults = new FaultList();
  const log: RequestRecord[] = [];
  const notOffered = new Set(opts.notOffered ?? []);
  const deps = { apiKey, state, scheduler, timing, now, faults, log, notOffered };

  const server = createServer((req, res) => void handleRequest(req, res, deps));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      scheduler.close();
      // Every socket is destroyed below; a connection the server still counts must not hold up a shutdown.
      const giveUp = setTimeout(resolve, 2_000);
      giveUp.unref();
      server.close(() => {
        clearTimeout(giveUp);
        resolve();
      });
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    });
    return closing;
  };

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    faults: { inject: (f) => faults.inject(f), clear: () => faults.clear() },
    requests: () => log.map((r) => ({ ...r })),
    countRequests: (endpoint: EndpointName) => log.filter((r) => r.endpoint === endpoint).length,
    state,
    close,
  };
}

/** What `vpsops simulator` takes: port and key, the estate's size, the optional endpoints it leaves out. */
export interface SimulatorCliOptions {
  port: number;
  apiKey?: string;
  instances?: number;
  /** The optional endpoints left out (`--without E3,E4`). */
  without?: OptionalEndpoint[];
}

/** `vpsops simulator --port N`: starts the simulator and prints where it is and its API key. */
export async function runSimulatorCli(opts: SimulatorCliOptions): Promise<SimulatorHandle> {
  const handle = await startSimulator({
    port: opts.port,
    apiKey: opts.apiKey,
    instances: opts.instances,
    notOffered: opts.without ?? [],
  });
  process.stdout.write(`Hosting API simulator on ${handle.url}\nAPI key: ${handle.apiKey}\n`);
  return handle;
}

/** "E3" (any case) → its endpoint name, for `--without`; anything else is an error naming the choices. */
export function optionalEndpoint(code: string): OptionalEndpoint {
  const name = OPTIONAL_ENDPOINTS[code.trim().toUpperCase() as keyof typeof OPTIONAL_ENDPOINTS];
  if (!name)
    throw new Error(
      `unknown optional endpoint '${code}': choose from ${Object.keys(OPTIONAL_ENDPOINTS).join(', ')}`,
    );
  return name;
}

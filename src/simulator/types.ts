// Public types of the simulator: options, the handle tests hold, and the faults they inject.
import type { EndpointName } from '../api/endpoints.js';
import type { SimulatorState } from './state.js';

/** How long each asynchronous operation takes, in milliseconds (0 = immediate). */
export interface SimulatorTiming {
  terminateMs: number;
  restoreMs: number;
  storageMs: number;
  rollbackMs: number;
  stopMs: number;
  /** Starting → Running (E5, and the second half of a restart, E6). */
  startMs: number;
}

/** Defaults chosen to feel like a real service while keeping e2e runs short. */
export const DEFAULT_TIMING: SimulatorTiming = {
  terminateMs: 3000,
  restoreMs: 4000,
  storageMs: 2000,
  rollbackMs: 0,
  stopMs: 0,
  startMs: 1000,
};

/** Options of startSimulator; everything has a default so `startSimulator()` just works. */
export interface SimulatorOptions {
  /** Default 0 (ephemeral); the server always binds 127.0.0.1. */
  port?: number;
  /** Default: a random key like "sim_<24 hex>". */
  apiKey?: string;
  timing?: Partial<SimulatorTiming>;
  /** Clock for seeded dates, RRD series and costs (tests pin it). */
  now?: () => Date;
  /** Servers in all (default 5, the fixed seed); more adds node-06, node-07, … (see seed/fleet.ts). */
  instances?: number;
  /** Optional part-10 endpoints to answer 404 as an unknown route, like a service without them. */
  notOffered?: OptionalEndpoint[];
}

/** The optional endpoints of spec part 10 (E1–E6), which a service may not offer. */
export const OPTIONAL_ENDPOINTS = {
  E1: 'snapshot.list',
  E2: 'network.list',
  E3: 'instance.list',
  E4: 'billing.summary',
  E5: 'instance.start',
  E6: 'instance.restart',
} as const satisfies Record<string, EndpointName>;

/** One of E1–E6, by endpoint name. */
export type OptionalEndpoint = (typeof OPTIONAL_ENDPOINTS)[keyof typeof OPTIONAL_ENDPOINTS];

/**
 * A misbehaviour to inject so clients can be tested against failures. `applied: true` (hang,
 * malformed, reset) runs the handler first — the change happens — and then misbehaves, as when a
 * connection drops or a proxy mangles the answer after the API did the work.
 */
export type Fault = { endpoint: EndpointName | '*'; times?: number } & (
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'hang'; applied?: boolean }
  | { kind: 'malformed'; applied?: boolean }
  | { kind: 'reset'; applied?: boolean }
  | { kind: 'body'; body: unknown }
  | { kind: 'latency'; ms: number }
);

/** One received request, as seen by the simulator (status 0 while it has not been answered). */
export interface RequestRecord {
  endpoint: EndpointName | 'unknown';
  method: string;
  /** URL path without the query string, e.g. "/v1/instance/<uuid>/detail". */
  path: string;
  status: number;
  /** Epoch milliseconds (wall clock) when the request arrived. */
  time: number;
}

/** What a running simulator gives its owner: where it is, how to reach it, and test controls. */
export interface SimulatorHandle {
  /** e.g. http://127.0.0.1:<port>/v1 */
  url: string;
  apiKey: string;
  faults: { inject(f: Fault): void; clear(): void };
  requests(): RequestRecord[];
  countRequests(endpoint: EndpointName): number;
  /** Read access to the estate for test assertions. */
  state: SimulatorState;
  close(): Promise<void>;
}

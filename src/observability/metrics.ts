// Prometheus metrics of one serving process (prom-client): default process metrics, command and
// confirmation counters, hosting-API call durations and store gauges, on a Registry of its own so
// several apps (tests) never share counters. Every label value comes from a closed set; anything
// else is folded into "unknown" / "other", so user text never becomes a label.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_ERROR_CODES, ENDPOINTS } from '../api/index.js';
import type { CoreMetrics, BotStore } from '../core/index.js';
import { COLLECTIONS, type ConfirmationOutcome } from '../core/kit/index.js';

/** One hosting-API call as the client reports it (no URL, no key). */
export interface ApiCallSample {
  endpoint: string;
  status?: number;
  errorCode?: string;
  durationMs: number;
}

/** The core's counters plus what the serve wiring feeds and the /metrics route reads. */
export interface BotMetrics extends CoreMetrics {
  readonly registry: Registry;
  /** Feeds vpsops_api_request_duration_seconds; give it to createApp as onApiCall. */
  apiCall(sample: ApiCallSample): void;
  /** The store the gauges count (read at each scrape). */
  observeStore(store: Pick<BotStore, 'pending' | 'operations' | 'faults' | 'collection'>): void;
  /** What vpsops_hosting_api_up reads at each scrape (a cached probe): true when the API answers. */
  observeHostingApi(isUp: () => Promise<boolean>): void;
  /** Prometheus text exposition of everything registered. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** The platform label's values unless the caller names them (serve passes the catalogue's). */
export const DEFAULT_PLATFORMS: readonly string[] = ['slack', 'discord', 'console'];
const OUTCOMES = new Set(['ok', 'error', 'denied', 'invalid', 'pending', 'cancelled']);
const CONFIRMATIONS = new Set<string>(['confirmed', 'cancelled', 'expired', 'refused']);
const SCHEDULE_OUTCOMES = new Set<string>(['run', 'skipped', 'missed']);
const ENDPOINT_NAMES = new Set<string>(Object.keys(ENDPOINTS));
const ERROR_CODES = new Set<string>(API_ERROR_CODES);

const inSet = (set: ReadonlySet<string>, value: string, fallback: string) =>
  set.has(value) ? value : fallback;

/** The status label: the HTTP status when there was one, else the client's error code. */
function statusLabel(sample: ApiCallSample): string {
  if (sample.status !== undefined && Number.isInteger(sample.status)) return String(sample.status);
  return sample.errorCode !== undefined ? inSet(ERROR_CODES, sample.errorCode, 'unknown') : 'unknown';
}

/** What the metrics read of the store. */
type ObservedStore = Pick<BotStore, 'pending' | 'operations' | 'faults' | 'collection'>;

/** The store's numbers: confirmations waiting, operations followed, and the faults it counts itself. */
function storeMetrics(registers: Registry[], current: () => ObservedStore | undefined): void {
  // A failing store read keeps the last value: /metrics must answer even when the store does not.
  const gauge = (name: string, help: string, read: (s: ObservedStore) => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const store = current();
        if (!store) return;
        const value = await read(store).catch(() => undefined);
        if (value !== undefined) this.set(value);
      },
    });
  gauge('vpsops_pending_confirmations', 'Confirmations still waiting for Confirm / Cancel.', (s) =>
    s.pending.count(),
  );
  gauge('vpsops_schedules_pending', 'Scheduled actions waiting for their time.', (s) =>
    s.collection(COLLECTIONS.schedules).count(),
  );
  gauge('vpsops_tracked_operations', 'Long operations being followed to their end.', (s) =>
    s.operations.count(),
  );
  // The store counts its own faults (it has no metrics library); exposed as counters.
  const faultKinds = ['writeFailures', 'corruptRecords', 'dataLosses'] as const;
  const faultLabel = {
    writeFailures: 'write_refused',
    corruptRecords: 'journal_corrupt_line',
    dataLosses: 'data_loss',
  };
  const reported = { writeFailures: 0, corruptRecords: 0, dataLosses: 0 };
  new Counter({
    name: 'vpsops_store_faults_total',
    help: 'State-store faults: writes refused (Redis OOM / READONLY, journal disk full), torn or corrupt journal lines, Redis data loss seen.',
    labelNames: ['fault'] as const,
    registers,
    collect() {
      const now = current()?.faults?.();
      for (const kind of faultKinds) {
        const value = now?.[kind] ?? reported[kind];
        this.inc({ fault: faultLabel[kind] }, Math.max(0, value - reported[kind]));
        reported[kind] = Math.max(reported[kind], value);
      }
    },
  });
}

/** Whether the hosting API answered this replica's cached probe, once serve hands the probe in. */
function hostingApiGauge(registers: Registry[], probe: () => (() => Promise<boolean>) | undefined): void {
  new Gauge({
    name: 'vpsops_hosting_api_up',
    help: "Whether the hosting API answered this replica's cached probe (1) or not (0).",
    registers,
    async collect() {
      const isUp = probe();
      if (isUp) this.set((await isUp().catch(() => false)) ? 1 : 0);
    },
  });
}

/** The bot's own series; known ones start at zero so dashboards see them before the first event. */
function botSeries(registers: Registry[]) {
  const commands = new Counter({
    name: 'vpsops_commands_total',
    help: 'Finished command invocations and confirmation actions, by command path, platform and outcome.',
    labelNames: ['command', 'platform', 'outcome'] as const,
    registers,
  });
  // One series per installed tenant and result: the tenant as a short hash, never its id.
  const tenantCommands = new Counter({
    name: 'vpsops_tenant_commands_total',
    help: 'OAuth mode: finished commands per tenant (a short hash of the workspace / guild id), done or rate limited.',
    labelNames: ['tenant', 'result'] as const,
    registers,
  });
  const confirmations = new Counter({
    name: 'vpsops_confirmations_total',
    help: 'How confirmations ended: confirmed, cancelled, expired, or refused (wrong person, place, text, or already used).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const apiDuration = new Histogram({
    name: 'vpsops_api_request_duration_seconds',
    help: 'Hosting-API request attempts by endpoint name and HTTP status (or client error code).',
    labelNames: ['endpoint', 'status'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const schedules = new Counter({
    name: 'vpsops_schedules_total',
    help: 'Scheduled actions settled at their time: run, skipped (the server deleted, already so or busy) or missed (past the grace).',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Known series start at zero so dashboards see them before the first event.
  for (const outcome of CONFIRMATIONS) confirmations.inc({ outcome }, 0);
  for (const outcome of SCHEDULE_OUTCOMES) schedules.inc({ outcome }, 0);
  return { commands, tenantCommands, confirmations, apiDuration, schedules };
}

/**
 * Builds the metrics; `commands` (registered paths) is the only set the command label may take,
 * `platforms` the only set the platform label may take (others count as "other").
 */
export function createBotMetrics(options: {
  commands: readonly string[];
  platforms?: readonly string[];
}): BotMetrics {
  const PLATFORMS = new Set(options.platforms ?? DEFAULT_PLATFORMS);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const known = new Set(options.commands);
  const registers = [registry];
  const { commands, tenantCommands, confirmations, apiDuration, schedules } = botSeries(registers);
  let store: ObservedStore | undefined;
  storeMetrics(registers, () => store);
  let hostingApiUp: (() => Promise<boolean>) | undefined;
  hostingApiGauge(registers, () => hostingApiUp);

  return {
    registry,
    contentType: registry.contentType,
    commandDone(command, platform, outcome) {
      commands.inc({
        command: known.has(command) ? command : 'unknown',
        platform: inSet(PLATFORMS, platform, 'other'),
        outcome: inSet(OUTCOMES, outcome, 'other'),
      });
    },
    tenantCommand(tenant, result) {
      if (/^[0-9a-f]{12}$/.test(tenant)) tenantCommands.inc({ tenant, result });
    },
    confirmation(outcome: ConfirmationOutcome) {
      confirmations.inc({ outcome: inSet(CONFIRMATIONS, outcome, 'other') });
    },
    schedule(outcome) {
      schedules.inc({ outcome: inSet(SCHEDULE_OUTCOMES, outcome, 'other') });
    },
    apiCall(sample) {
      apiDuration.observe(
        { endpoint: inSet(ENDPOINT_NAMES, sample.endpoint, 'unknown'), status: statusLabel(sample) },
        Math.max(0, sample.durationMs) / 1000,
      );
    },
    observeStore(next) {
      store = next;
    },
    observeHostingApi(isUp) {
      hostingApiUp = isUp;
    },
    text: () => registry.metrics(),
  };
}

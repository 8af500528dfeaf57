// Benchmark of OAuth mode (issues 26 and 43): 10,000 installed tenants in Redis, each with its
// sealed installation and linked key. Reports the time per command (`instance show`, in process,
// fake hosting API, Redis store) in single-tenant mode and in OAuth mode — where each command runs as
// a random tenant: the tenant's scope, its key unsealed from the store, its client, its state keys
// and audit stamp — as p50/p99 and their ratios; the heap per tenant that sent a command (its
// hosting-API client included) and how many of those clients are still alive once their tenants
// have been idle; and `vpsops serve` ready (/readyz 200) with the 10,000 tenants against a
// single-tenant serve on the same Redis.
// TENANTS_COUNT (10,000) changes the size. Run: `npm run bench tenants`.
import { randomBytes } from 'node:crypto';
import { createHostingApi, type HostingApi } from '../src/api/index.js';
import type { AppConfig } from '../src/app/config/app-config.js';
import { openTenancy } from '../src/app/tenancy.js';
import type { BotStore } from '../src/core/store.js';
import { openRedisStore } from '../src/store/redis/redis-store.js';
import { runInTenant } from '../src/adapter-kit/tenant-context.js';
import { tenantHostingApi } from '../src/tenants/tenant-api.js';
import { createCoreWithState } from '../test/support/core-with-state.js';
import { actors, fakeApi, POLICY, recordingResponder, tempConfig, WEB1 } from '../test/support/core-fakes.js';
import { fakeCommands } from '../test/support/core-fake-commands.js';
import { FakeSlack } from '../test/support/fake-slack.js';
import { startRedisServer } from '../test/support/redis-server.js';
import type { Invocation } from '../src/core/index.js';
import { goal } from './goals.js';
import { runIfEntry, type BenchReport } from './report.js';
import { heapAfterGcKb } from './support/gc.js';
import { startSimulatorProcess } from './support/processes.js';
import { median, overRounds, round } from './support/stats.js';
import { installTenants, serveReadyMs, tenantId } from './support/tenant-fleet.js';

const TENANTS = Number(process.env['TENANTS_COUNT'] ?? 10_000);
const ROUNDS = 5;
const PER_ROUND = 400;
const WARMUP = 200;
const SERVE_RUNS = 3;
/** How long the tenants stay idle before their clients are counted (the client idle time given to the API). */
const IDLE_MS = 3_000;
const NO_LIMITS = { VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '0', VPSOPS_RATE_LIMIT_TENANT_PER_MINUTE: '0' };

const heapKb = heapAfterGcKb;

/** A bot over a Redis store; in OAuth mode with TENANTS installed tenants. */
async function bot(oauth: boolean, store: BotStore) {
  const { config } = tempConfig(POLICY, NO_LIMITS);
  const fake = fakeApi();
  if (!oauth) {
    const single = await createCoreWithState(config, {
      api: fake.api,
      commands: fakeCommands(),
      store,
      learnAliases: false,
    });
    return { bot: single, tenantOf: () => undefined };
  }
  const tenancy = openTenancy(
    { ...config, encryptionKey: randomBytes(32).toString('base64') } as AppConfig,
    store,
    () => fake.api,
  );
  await installTenants(tenancy.directory, TENANTS);
  const multi = await createCoreWithState(config, {
    api: tenancy.api,
    commands: fakeCommands(),
    store,
    learnAliases: false,
    tenants: tenancy.scope,
  });
  return {
    bot: multi,
    tenantOf: (n: number) => ({ id: tenantId(n % TENANTS), botToken: `fake-bot-token-${n % TENANTS}` }),
  };
}

/** Milliseconds per `instance show`, in rounds. */
async function commandTimes(oauth: boolean, store: BotStore): Promise<number[][]> {
  const { bot: running, tenantOf } = await bot(oauth, store);
  let n = 0;
  const once = async () => {
    n += 1;
    const invocation: Invocation = {
      id: `inv-${n}`,
      platform: 'slack',
      actor: actors.alice,
      channelId: 'C1',
      input: { kind: 'text', text: 'instance show prod-web' },
    };
    const tenant = tenantOf(Math.floor(Math.random() * TENANTS));
    const started = performance.now();
    const work = () => running.dispatcher.dispatch(invocation, recordingResponder('C1'));
    await (tenant ? runInTenant(tenant, work) : work());
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < WARMUP; i += 1) await once();
    const rounds: number[][] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const times: number[] = [];
      for (let i = 0; i < PER_ROUND; i += 1) times.push(await once());
      rounds.push(times);
    }
    return rounds;
  } finally {
    await running.close();
  }
}

/**
 * Heap per tenant once every tenant has made one hosting-API call through OAuth mode's client (its
 * key read and unsealed, its client built), and how many of those clients are alive after the
 * tenants have been idle IDLE_MS and one more tenant has called (counted by a FinalizationRegistry).
 */
async function memoryPerTenant(
  store: BotStore,
): Promise<{ tenantKb: number; created: number; alive: number }> {
  const { config } = tempConfig(POLICY, NO_LIMITS);
  // Clients built and collected, counted per phase: the heap measure's and the release check's.
  let phase: 'heap' | 'release' = 'heap';
  const created = { heap: 0, release: 0 };
  const finalized = { heap: 0, release: 0 };
  const registry = new FinalizationRegistry<'heap' | 'release'>((of) => void (finalized[of] += 1));
  const detail = fakeApi().api.instances.detail;
  const clientFor = (apiKey: string): HostingApi => {
    const real = createHostingApi({ baseUrl: 'http://127.0.0.1:9/v1', apiKey, retries: 0 });
    const client = { ...real, instances: { ...real.instances, detail } };
    created[phase] += 1;
    registry.register(client, phase);
    return client;
  };
  const tenancy = openTenancy(
    { ...config, encryptionKey: randomBytes(32).toString('base64') } as AppConfig,
    store,
    clientFor,
  );
  await installTenants(tenancy.directory, TENANTS);
  const call = (api: HostingApi, i: number) =>
    runInTenant({ id: tenantId(i) }, () => api.instances.detail(WEB1));
  // Heap per tenant: OAuth mode's client as openTenancy builds it (default idle time: none released here).
  await call(tenancy.api, 0);
  const before = heapKb();
  for (let i = 1; i < TENANTS; i += 1) await call(tenancy.api, i);
  const tenantKb = (heapKb() - before) / (TENANTS - 1);
  // Release: the same client with an idle time short enough to wait for; every tenant calls once,
  // all are idle for IDLE_MS × 1.5, then tenant 0 calls again.
  const apiOptions = { directory: tenancy.directory, clientFor, idleMs: IDLE_MS };
  const api = tenantHostingApi(apiOptions);
  phase = 'release';
  for (let i = 0; i < TENANTS; i += 1) await call(api, i);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 1.5));
  await call(api, 0);
  for (let i = 0; i < 2; i += 1) {
    heapKb();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Tenant 0 has just called: its client is rightly alive.
  return { tenantKb, created: created.release, alive: created.release - finalized.release - 1 };
}

/** `vpsops serve` ready with TENANTS tenants in Redis (OAuth) against single-tenant on the same Redis, runs alternating. */
async function serveReady(redisUrl: string, store: BotStore): Promise<{ single: number; oauth: number }> {
  const key = randomBytes(32).toString('base64');
  const { config } = tempConfig(POLICY, NO_LIMITS);
  await installTenants(
    openTenancy({ ...config, encryptionKey: key } as AppConfig, store, () => fakeApi().api).directory,
    TENANTS,
  );
  const slack = await new FakeSlack().start();
  const hosting = await startSimulatorProcess();
  try {
    const common = {
      HOSTING_API_URL: hosting.url,
      SLACK_SIGNING_SECRET: 'bench-signing-secret',
      SLACK_API_URL: slack.apiUrl,
      REDIS_URL: redisUrl,
    };
    const singleEnv = {
      ...common,
      HOSTING_API_KEY: hosting.apiKey,
      SLACK_BOT_TOKEN: slack.botToken,
      VPSOPS_REDIS_PREFIX: 'bench-serve-single:',
    };
    const oauthEnv = {
      ...common,
      SLACK_CLIENT_ID: '1111.2222',
      SLACK_CLIENT_SECRET: 'bench-client-secret',
      SLACK_STATE_SECRET: 'bench-state-secret',
      VPSOPS_ENCRYPTION_KEY: key,
      VPSOPS_REDIS_PREFIX: 'bench-serve-oauth:',
    };
    const single: number[] = [];
    const oauth: number[] = [];
    for (let i = 0; i < SERVE_RUNS; i += 1) {
      const pair = [
        () => serveReadyMs(singleEnv).then((ms) => single.push(ms)),
        () => serveReadyMs(oauthEnv).then((ms) => oauth.push(ms)),
      ];
      if (i % 2 === 1) pair.reverse();
      for (const run of pair) await run();
    }
    return { single: median(single), oauth: median(oauth) };
  } finally {
    await hosting.stop();
    await slack.close();
  }
}

export async function runBench(): Promise<BenchReport> {
  const redis = await startRedisServer();
  const stores: BotStore[] = [];
  const storeAt = async (prefix: string) => {
    const store = await openRedisStore({ url: redis.url, prefix });
    stores.push(store);
    return store;
  };
  try {
    const single = overRounds(await commandTimes(false, await storeAt('bench-single:')));
    const multi = overRounds(await commandTimes(true, await storeAt('bench-oauth:')));
    const memory = await memoryPerTenant(await storeAt('bench-memory:'));
    const serve = await serveReady(redis.url, await storeAt('bench-serve-oauth:'));
    const added = multi.p50 - single.p50;
    return {
      title: `OAuth mode, ${TENANTS} installed tenants in Redis: time per command, memory per tenant, serve ready`,
      rows: [
        {
          case: 'single-tenant: instance show',
          p50_ms: round(single.p50, 3),
          p99_ms: round(single.p99, 3),
          ratio_p50: 1,
          ratio_p99: 1,
        },
        {
          case: `OAuth, random tenant of ${TENANTS}: instance show`,
          p50_ms: round(multi.p50, 3),
          p99_ms: round(multi.p99, 3),
          ratio_p50: round(multi.p50 / single.p50),
          ratio_p99: round(multi.p99 / single.p99),
        },
        {
          case: 'added per command (p50 / p99)',
          p50_ms: round(added, 3),
          p99_ms: round(multi.p99 - single.p99, 3),
        },
        { case: 'heap per tenant that called (key read, its API client)', kb: round(memory.tenantKb) },
        {
          case: `API clients built / alive after ${IDLE_MS / 1000} s idle`,
          kb: `${memory.created} / ${memory.alive}`,
        },
        { case: 'serve ready (/readyz 200), single-tenant', ms: round(serve.single, 0) },
        {
          case: `serve ready (/readyz 200), OAuth with ${TENANTS} tenants`,
          ms: round(serve.oauth, 0),
          ratio: round(serve.oauth / serve.single),
        },
      ],
      goals: [
        goal({
          goal: `6 added per command, ${TENANTS} tenants in Redis (p50)`,
          figure: round(added, 3),
          baseline: round(single.p50, 3),
          bound: '≤ 1',
          unit: 'ms',
        }),
        goal({
          goal: '6 heap per tenant that called',
          figure: round(memory.tenantKb, 1),
          baseline: `${TENANTS} tenants`,
          bound: '≤ 50',
          unit: 'KB',
        }),
        goal({
          goal: `6 serve ready with ${TENANTS} tenants ÷ single-tenant`,
          figure: round(serve.oauth / serve.single),
          baseline: round(serve.single, 0),
          bound: '≤ 1.5',
          unit: '×',
          baselineUnit: 'ms',
        }),
        goal({
          goal: `6 API clients of idle tenants alive after ${IDLE_MS / 1000} s idle`,
          figure: memory.alive,
          baseline: `${memory.created} built`,
          bound: '= 0',
        }),
      ],
      notes: `${ROUNDS}×${PER_ROUND} commands per mode after ${WARMUP} warm-up ones, both modes on the same Redis (own prefixes); heap after gc. Serve: ${SERVE_RUNS} fresh processes per mode, alternating, median of spawn → /readyz 200, against the simulator and a fake Slack.`,
    };
  } finally {
    for (const store of stores) await store.close();
    await redis.stop();
  }
}

await runIfEntry(import.meta.url, runBench);

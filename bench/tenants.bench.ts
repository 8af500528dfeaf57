// Benchmark of OAuth mode (issue 26): 1,000 installed tenants, each with its sealed installation and
// linked key in the store. Reports the time per command (`instance show`, in process, fake hosting
// API) in single-tenant mode and in OAuth mode — where each command runs as a random tenant: the
// tenant's scope, its key unsealed from the store, its client, its state keys and audit stamp — as
// p50/p99 and their ratios; and memory per tenant: the heap taken by 1,000 installed tenants, and by
// one hosting-API client per tenant (OAuth mode keeps one per tenant that sent a command).
// Run: node --expose-gc --import tsx bench/tenants.bench.ts (or `npm run bench tenants`).
import { randomBytes } from 'node:crypto';
import { createHostingApi } from '../src/api/index.js';
import type { AppConfig } from '../src/app/config/app-config.js';
import { openTenancy } from '../src/app/tenancy.js';
import { createMemoryStore } from '../src/store/memory/table-store.js';
import { runInTenant } from '../src/tenants/scope.js';
import { createCoreWithState } from '../test/support/core-with-state.js';
import { actors, fakeApi, POLICY, recordingResponder, tempConfig } from '../test/support/core-fakes.js';
import { fakeCommands } from '../test/support/core-fake-commands.js';
import type { Invocation } from '../src/core/index.js';
import { runIfEntry, type BenchReport } from './report.js';
import { overRounds, round } from './support/stats.js';

const TENANTS = 1_000;
const ROUNDS = 5;
const PER_ROUND = 400;
const WARMUP = 200;
const NO_LIMITS = { VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '0', VPSOPS_RATE_LIMIT_TENANT_PER_MINUTE: '0' };

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const heapKb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024;
};
const tenantId = (i: number) => `slack:T${String(i).padStart(6, '0')}`;

/** A bot over a memory store; in OAuth mode with 1,000 installed tenants. */
async function bot(oauth: boolean) {
  const { config } = tempConfig(POLICY, NO_LIMITS);
  const fake = fakeApi();
  const store = createMemoryStore();
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
  for (let i = 0; i < TENANTS; i += 1) {
    const id = tenantId(i);
    await tenancy.directory.saveInstallation(id, { bot: { token: `fake-bot-token-${i}` } }, 'U1', 1);
    await tenancy.directory.linkApiKey(id, `hk-bench-key-${i}-ABCD`, 'slack:U1', 2);
  }
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
async function commandTimes(oauth: boolean): Promise<number[][]> {
  const { bot: running, tenantOf } = await bot(oauth);
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

/** Heap per installed tenant (sealed records in a memory store), and per hosting-API client. */
async function memoryPerTenant(): Promise<{ recordKb: number; clientKb: number }> {
  const { config } = tempConfig(POLICY, NO_LIMITS);
  const store = createMemoryStore();
  const tenancy = openTenancy(
    { ...config, encryptionKey: randomBytes(32).toString('base64') } as AppConfig,
    store,
    () => fakeApi().api,
  );
  const before = heapKb();
  for (let i = 0; i < TENANTS; i += 1) {
    const id = tenantId(i);
    await tenancy.directory.saveInstallation(
      id,
      {
        team: { id: `T${i}`, name: `Team ${i}` },
        bot: { token: `fake-bot-token-${i}`, userId: 'B1', scopes: ['commands', 'chat:write', 'users:read'] },
        user: { id: 'U1' },
      },
      'U1',
      1,
    );
    await tenancy.directory.linkApiKey(id, `hk-bench-key-${i}-ABCD`, 'slack:U1', 2);
  }
  const installed = heapKb();
  const clients = Array.from({ length: TENANTS }, (_, i) =>
    createHostingApi({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: `hk-bench-key-${i}-ABCD` }),
  );
  const withClients = heapKb();
  if (clients.length !== TENANTS) throw new Error('unreachable');
  return { recordKb: (installed - before) / TENANTS, clientKb: (withClients - installed) / TENANTS };
}

export async function runBench(): Promise<BenchReport> {
  const single = overRounds(await commandTimes(false));
  const multi = overRounds(await commandTimes(true));
  const memory = await memoryPerTenant();
  return {
    title: `OAuth mode, ${TENANTS} installed tenants: time per command and memory per tenant`,
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
        p50_ms: round(multi.p50 - single.p50, 3),
        p99_ms: round(multi.p99 - single.p99, 3),
      },
      { case: 'heap per installed tenant (sealed records)', kb: round(memory.recordKb) },
      { case: 'heap per tenant API client (created on first command)', kb: round(memory.clientKb) },
    ],
    notes: `${ROUNDS}×${PER_ROUND} commands per mode after ${WARMUP} warm-up ones; memory store; heap measured after gc (run with --expose-gc).`,
  };
}

await runIfEntry(import.meta.url, runBench);

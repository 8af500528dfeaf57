// Sharded gateway mode in one process: two replicas share one lease store and the fake gateway;
// each shard gets exactly one IDENTIFY, interactions reach the shard holding the guild, and a
// replica that loses the store gives its shard up so a standby takes it over.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REST } from 'discord.js';
import { handlerContext } from '../../../../adapters/discord/context.js';
import {
  shardLease,
  startShardedGateway,
  type ShardedGateway,
} from '../../../../adapters/discord/sharded-gateway.js';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { Dispatcher } from '../../../../src/core/ports.js';
import type { LeaseStore } from '../../../../src/core/store.js';
import { createMemoryLeases } from '../../../../src/store/memory/memory-leases.js';
import { startFakeDiscord, type FakeDiscord } from '../../../support/fake-discord.js';
import { waitFor } from '../../../support/wait-for.js';

const USER = { id: '100000000000000009', username: 'dora' };
const SILENT = { info: () => undefined, warn: () => undefined, error: () => undefined };

function dispatcherFor(name: string, seen: string[]): Dispatcher {
  return {
    commands: () => [{ group: '', name: 'status', summary: 'Status', risk: 'read', args: [] }],
    typedDialog: async () => null,
    async dispatch(_invocation, responder) {
      seen.push(name);
      await responder.defer?.('channel');
      await responder.reply({ title: `from ${name}`, blocks: [] });
    },
    async act() {},
  };
}

/** A lease store whose connection can be cut: every call fails afterwards. */
function cuttable(leases: LeaseStore) {
  let cut = false;
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      cut ? Promise.reject(new Error('store unreachable')) : fn(...args);
  return {
    leases: {
      acquire: guard(leases.acquire.bind(leases)),
      renew: guard(leases.renew.bind(leases)),
      release: guard(leases.release.bind(leases)),
      holder: guard(leases.holder.bind(leases)),
    } satisfies LeaseStore,
    cut: () => (cut = true),
  };
}

let fake: FakeDiscord;
const running: ShardedGateway[] = [];

beforeEach(async () => {
  fake = await startFakeDiscord({ recommendedShards: 2 });
});

afterEach(async () => {
  for (const gateway of running.splice(0)) await gateway.stop();
  await fake.close();
});

async function replica(name: string, leases: LeaseStore, seen: string[], shardCount?: number, pollMs = 100) {
  const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
  const gateway = await startShardedGateway({
    token: fake.botToken,
    restOptions: { api: fake.apiUrl },
    ...(shardCount ? { shardCount } : {}),
    leases,
    rest,
    ctx: handlerContext(
      dispatcherFor(name, seen),
      rest,
      fake.world.applicationId,
      SILENT,
      createMemoryEphemeralState(),
    ),
    ttlMs: 600,
    pollMs,
  });
  running.push(gateway);
  return gateway;
}

describe('sharded Discord gateway', () => {
  it('identifies each shard exactly once across two replicas, using the recommended shard count', async () => {
    const leases = createMemoryLeases(Date.now);
    const seen: string[] = [];
    const a = await replica('a', leases, seen);
    const b = await replica('b', leases, seen);
    expect(a.shardCount).toBe(2);
    await waitFor(() => a.held().length + b.held().length === 2, 'both shards held', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([...fake.identifies.entries()].sort()).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect([...a.held(), ...b.held()].sort()).toEqual([0, 1]);
    for (const id of [0, 1])
      expect(await leases.holder(shardLease(id))).toBe((a.held().includes(id) ? a : b).owner);
  });

  it('hands a shard to the standby once its holder stops renewing, and the standby answers', async () => {
    const leases = createMemoryLeases(Date.now);
    const seen: string[] = [];
    const store = cuttable(leases);
    const a = await replica('a', store.leases, seen, 1);
    expect(a.held()).toEqual([0]);
    const b = await replica('b', leases, seen, 1);
    expect(b.held()).toEqual([]);
    store.cut();
    await waitFor(() => b.held().length === 1, 'the standby to take the shard', 5_000);
    await waitFor(() => a.held().length === 0, 'the cut-off holder to give it up', 5_000);
    expect(fake.identifies.get(0)).toBe(2);
    const i = fake.slash(USER, ['status']);
    await waitFor(() => i.originalId && fake.store.messages.get(i.originalId)?.edits, 'the answer');
    expect(seen).toEqual(['b']);
  });

  it('renews a held shard every third of its lease TTL (the core lease helper), however slowly it polls', async () => {
    const leases = createMemoryLeases(Date.now);
    let renewals = 0;
    const counted: LeaseStore = {
      ...leases,
      renew: (...args) => {
        renewals += 1;
        return leases.renew(...args);
      },
    };
    // A poll far longer than the TTL: only renewals on the lease's own clock keep the shard.
    const a = await replica('a', counted, [], 1, 60_000);
    expect(a.held()).toEqual([0]);
    await waitFor(() => renewals >= 4, 'four renewals of the shard lease', 5_000);
    expect(await leases.holder(shardLease(0))).toBe(a.owner);
    expect(a.held()).toEqual([0]);
  });
});

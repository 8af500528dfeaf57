// Uninstall forgets everything of the tenant but its audit: pending cards, bindings, followed
// operations, learned hostnames, roles, seen ids, channel languages, watches with their alert state,
// silences, fleet watches and the holds after unknown outcomes — and nothing of the other tenant; a reinstall starts with none of it.
import { describe, expect, it } from 'vitest';
import { openTenancy } from '../../../src/app/tenancy.js';
import { loadConfig } from '../../../src/app/config/load.js';
import type { BotStore } from '../../../src/core/index.js';
import type { PendingConfirmation } from '../../../src/core/kit/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { manyTenantEnv } from '../../support/many-tenant-env.js';

const A = 'discord:910000000000000001';
const B = 'slack:TB';
const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const NAMED = [
  'tenant-roles',
  'seen-ids:snapshot',
  'channel-languages',
  'call-outcomes',
  'unknown-holds',
  'watches',
  'alerts',
  'silences',
  'watch-fleets',
];

const pending = (token: string): PendingConfirmation => ({
  token,
  command: 'instance stop',
  args: {},
  auditArgs: {},
  requester: { platform: 'discord', userId: '1', displayName: 'ada' },
  platform: 'discord',
  channelId: 'C1',
  invocationId: `inv-${token}`,
  createdAt: 1,
  expiresAt: Date.now() + 600_000,
  targets: [UUID],
  twoPerson: false,
  status: 'pending',
});

/** One of everything a tenant keeps, written as that tenant. */
async function fill(store: BotStore, tenant: string): Promise<void> {
  await runInTenant({ id: tenant }, async () => {
    await store.pending.put(pending(`tok-${tenant}`));
    await store.bindings.put('discord:C1', { uuid: UUID, label: 'web-1' });
    await store.operations.put('op-1', { id: 'op-1' } as never);
    await store.hostnames.remember(UUID, 'web-1');
    for (const name of NAMED) await store.collection(name).put('one', { id: 'one' });
  });
}

/** What the tenant still has, collection by collection. */
const left = (store: BotStore, tenant: string) =>
  runInTenant({ id: tenant }, async () => ({
    pending: await store.pending.get(`tok-${tenant}`),
    bindings: await store.bindings.list(),
    operations: await store.operations.list(),
    hostnames: await store.hostnames.uuidsOf('web-1'),
    named: Object.fromEntries(
      await Promise.all(NAMED.map(async (name) => [name, await store.collection(name).list()] as const)),
    ) as Record<string, unknown[]>,
  }));

describe('uninstalling one of two tenants', () => {
  it('forgets all of its state and none of the other’s', async () => {
    const config = loadConfig(manyTenantEnv());
    const tenancy = openTenancy(config, createMemoryStore(), () => fakeHostingApi({}));
    const { store, directory } = tenancy;
    await directory.saveInstallation(A, {}, '1', 1);
    await directory.saveInstallation(B, {}, 'U2', 1);
    await fill(store, A);
    await fill(store, B);
    const full = await left(store, B);
    expect(full.pending).not.toBeNull();
    expect(full.hostnames).toEqual([UUID]);
    for (const name of NAMED) expect(full.named[name]).toHaveLength(1);

    await tenancy.uninstall(A);

    expect(await directory.summary(A)).toBeNull();
    const gone = await left(store, A);
    expect(gone).toEqual({
      pending: null,
      bindings: [],
      operations: [],
      hostnames: [],
      named: Object.fromEntries(NAMED.map((name) => [name, []])),
    });
    expect(await left(store, B)).toEqual(full);
    // Installed again: none of the old state (roles, names, watches) comes back.
    await directory.saveInstallation(A, {}, '1', 2);
    expect(await left(store, A)).toEqual(gone);
  });
});

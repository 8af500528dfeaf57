// Two tenants with their own fleets over one store: the cached instance list, a refresh in flight,
// learned hostnames and seen ids are each tenant's own, so a name resolves to its own tenant's
// server, completion offers nothing of the other, and one tenant's 404 forgets nothing of the other.
import { describe, expect, it } from 'vitest';
import type { HostingApi, InstanceListItem } from '../../../src/api/index.js';
import { resolveInstanceRef } from '../../../src/core/instances/resolve-instance.js';
import { completeInstances } from '../../../src/core/instances/instance-names.js';
import { completeSeenIds, rememberSeenIds } from '../../../src/core/instances/seen-ids.js';
import { createPolicy } from '../../../src/core/policy/policy.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { currentTenant, runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../../src/tenants/scope.js';
import { tenantScopedStore } from '../../../src/tenants/tenant-store.js';
import { actors, makeBot } from '../../support/core-fakes.js';

const A = 'slack:TA';
const B = 'discord:222';
const UA = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const UB = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const inTenant = <T>(id: string, work: () => Promise<T>): Promise<T> => runInTenant({ id }, work);

/** Each tenant's E3: A has web-prod-1, B has web-b; every list call is logged with its tenant. */
function tenantApis() {
  const fleets: Record<string, InstanceListItem[]> = {
    [A]: [{ uuid: UA, hostname: 'web-prod-1', location: 'Jakarta 1' } as InstanceListItem],
    [B]: [{ uuid: UB, hostname: 'web-b', location: 'Bandung' } as InstanceListItem],
  };
  const calls: string[] = [];
  const api = {
    instances: {
      list: async () => {
        const tenant = currentTenant()?.id ?? '-';
        calls.push(tenant);
        // Slow enough for another tenant's miss to arrive while this refresh is in flight.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const items = fleets[tenant] ?? [];
        return {
          items,
          page: { total: items.length, count: items.length, per_page: 100, current_page: 1, total_pages: 1 },
        };
      },
    },
  } as unknown as Pick<HostingApi, 'instances'>;
  return { api, calls };
}

function world() {
  const store = tenantScopedStore(
    createMemoryStore(),
    tenantScope(async (id) => ({ id })),
  );
  const { api, calls } = tenantApis();
  return { deps: { policy: createPolicy(null, null), store, api }, calls };
}

describe('the instance names of two tenants', () => {
  it("never resolves or completes one tenant's name from the other's cached list", async () => {
    const { deps, calls } = world();
    const names = (list: { name: string }[]) => list.map((c) => c.name);
    expect(names(await inTenant(A, () => completeInstances('web', deps)))).toEqual([
      'web-prod-1 (Jakarta 1 · 7995e990)',
    ]);
    expect(names(await inTenant(B, () => completeInstances('web', deps)))).toEqual([
      'web-b (Bandung · 1b4e28ba)',
    ]);
    expect(await inTenant(B, () => resolveInstanceRef('web-b', deps))).toEqual({ uuid: UB, label: 'web-b' });
    await expect(inTenant(B, () => resolveInstanceRef('web-prod-1', deps))).rejects.toThrow();
    await expect(inTenant(B, () => resolveInstanceRef('7995e990', deps))).rejects.toThrow();
    expect(calls).toEqual([A, B]);
  });

  it("replicas share one tenant's list read under its own refresh lease, never another tenant's", async () => {
    const { deps, calls } = world();
    // Two replicas: their own views of the shared store.
    const one = { ...deps, store: new Proxy(deps.store, {}) };
    const two = { ...deps, store: new Proxy(deps.store, {}) };
    const [a1, b2, a2] = await Promise.all([
      inTenant(A, () => completeInstances('web', one)),
      inTenant(B, () => completeInstances('web', two)),
      inTenant(A, () => completeInstances('web', two)),
    ]);
    expect([a1, a2].map((list) => list.map((c) => c.value))).toEqual([[UA], [UA]]);
    expect(b2.map((c) => c.value)).toEqual([UB]);
    expect(calls.sort()).toEqual([A, B].sort());
  });

  it('does not hand one tenant the refresh another has in flight', async () => {
    const { deps, calls } = world();
    const [a, b] = await Promise.all([
      inTenant(A, () => completeInstances('web', deps)),
      inTenant(B, () => completeInstances('web', deps)),
    ]);
    expect(a.map((c) => c.value)).toEqual([UA]);
    expect(b.map((c) => c.value)).toEqual([UB]);
    expect(calls.sort()).toEqual([B, A].sort());
  });

  it("keeps each tenant's learned name for the same uuid, and one tenant's forget leaves the other's", async () => {
    const { deps } = world();
    const { hostnames } = deps.store;
    await inTenant(A, () => hostnames.remember(UA, 'alpha'));
    await inTenant(B, () => hostnames.remember(UA, 'beta'));
    expect(await inTenant(A, () => hostnames.hostnameOf(UA))).toBe('alpha');
    expect(await inTenant(B, () => hostnames.hostnameOf(UA))).toBe('beta');
    await inTenant(B, () => hostnames.forget(UA));
    expect(await inTenant(B, () => hostnames.hostnameOf(UA))).toBeNull();
    expect(await inTenant(A, () => hostnames.hostnameOf(UA))).toBe('alpha');
    expect(await inTenant(A, () => hostnames.uuidsOf('alpha'))).toEqual([UA]);
    expect(await inTenant(A, () => hostnames.search('al', 10))).toEqual([{ uuid: UA, hostname: 'alpha' }]);
    expect(await inTenant(B, () => hostnames.search('al', 10))).toEqual([]);
  });

  it("offers one tenant's seen ids to it alone", async () => {
    const { deps } = world();
    const snap = '0d4f1a5e-3b7c-4e8a-9f21-6c5d4b3a2e10';
    await inTenant(A, () => rememberSeenIds(deps.store, 'snapshot', [{ id: snap, label: 'nightly' }], 1));
    expect(await inTenant(A, () => completeSeenIds(deps.store, 'snapshot', ''))).toHaveLength(1);
    expect(await inTenant(B, () => completeSeenIds(deps.store, 'snapshot', ''))).toEqual([]);
  });
});

describe('autocomplete in a tenant', () => {
  it('is rate limited per person, three times the command limit, and another tenant is not held up', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    const { bot } = await makeBot({ tenants: scope, env: { VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '1' } });
    try {
      const complete = () => bot.lookups.completer.complete('instance', 'web', actors.alice);
      for (const id of [A, B]) await inTenant(id, () => bot.store.hostnames.remember(UA, 'web-1'));
      for (let n = 1; n <= 3; n += 1) expect(await inTenant(A, complete)).toHaveLength(1);
      expect(await inTenant(A, complete)).toEqual([]);
      expect(await inTenant(B, complete)).toHaveLength(1);
    } finally {
      await bot.close();
    }
  });
});

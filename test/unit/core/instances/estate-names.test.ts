// Names from the instance list (E3): read page by page, cached in the store's ephemeral state for
// the TTL (so replicas sharing a store share one copy), read again on a miss, and simply absent
// when the service does not offer the list.
import { describe, expect, it } from 'vitest';
import type { HostingApi, InstanceListItem } from '../../../../src/api/index.js';
import { UserError } from '../../../../src/core/errors.js';
import { resolveInstanceRef } from '../../../../src/core/instances/resolve-instance.js';
import { completeInstances } from '../../../../src/core/instances/instance-names.js';
import { createPolicy } from '../../../../src/core/policy/policy.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const server = (n: number, hostname: string): InstanceListItem =>
  ({ uuid: uuidOf(n), hostname, location: 'Jakarta' }) as InstanceListItem;

/** An E3 with `servers` over pages of `perPage`, counting calls; `fail` makes it answer with that status. */
function listApi(servers: InstanceListItem[], options: { fail?: number } = {}) {
  const state = { calls: 0, servers };
  const api = {
    instances: {
      list: async (opts: { limit?: number; page?: number } = {}) => {
        state.calls += 1;
        if (options.fail) throw Object.assign(new Error(`HTTP ${options.fail}`), { status: options.fail });
        const perPage = opts.limit ?? 100;
        const page = opts.page ?? 1;
        const items = state.servers.slice((page - 1) * perPage, page * perPage);
        const total_pages = Math.max(1, Math.ceil(state.servers.length / perPage));
        return {
          items,
          page: {
            total: state.servers.length,
            count: items.length,
            per_page: perPage,
            current_page: page,
            total_pages,
          },
        };
      },
    },
  } as unknown as Pick<HostingApi, 'instances'>;
  return { api, state };
}

const FLEET = Array.from({ length: 150 }, (_, i) => server(i + 1, `node-${String(i + 1).padStart(3, '0')}`));

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UserError)) throw new Error(`expected a UserError, got ${String(error)}`);
  return error;
}

describe('names from the instance list', () => {
  it('resolves a hostname on the second page, and a unique prefix, reading the list once for both', async () => {
    const { api, state } = listApi([...FLEET, server(900, 'worker-1')]);
    const deps = { policy: createPolicy(null, null), store: createMemoryStore(), api };
    expect(await resolveInstanceRef('node-142', deps)).toEqual({ uuid: uuidOf(142), label: 'node-142' });
    expect(state.calls).toBe(2);
    expect(await resolveInstanceRef('work', deps)).toEqual({ uuid: uuidOf(900), label: 'worker-1' });
    expect(state.calls).toBe(2);
  });

  it('replicas sharing a store share the cached list until its TTL ends', async () => {
    let clock = 1_000_000;
    const store = createMemoryStore({ now: () => clock });
    const now = () => new Date(clock);
    const a = listApi(FLEET);
    const b = listApi(FLEET);
    const config = { instanceListTtlMs: 60_000 };
    const policy = createPolicy(null, null);
    await resolveInstanceRef('node-001', { policy, store, api: a.api, config, now });
    await resolveInstanceRef('node-002', { policy, store, api: b.api, config, now });
    expect([a.state.calls, b.state.calls]).toEqual([2, 0]);
    clock += 61_000;
    await resolveInstanceRef('node-003', { policy, store, api: b.api, config, now });
    expect(b.state.calls).toBe(2);
  });

  it('replicas missing the cache at once: one reads the list, the others take its copy', async () => {
    const store = createMemoryStore();
    // Three replicas: their own views of one shared store, their own (slow) API clients.
    const replicas = [0, 1, 2].map(() => {
      const { api, state } = listApi(FLEET);
      const list = api.instances.list.bind(api.instances);
      const slow = {
        instances: {
          ...api.instances,
          list: async (opts?: object) => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            return list(opts);
          },
        },
      } as unknown as Pick<HostingApi, 'instances'>;
      return { state, deps: { policy: createPolicy(null, null), store: new Proxy(store, {}), api: slow } };
    });
    const resolved = await Promise.all(
      replicas.map(({ deps }, i) => resolveInstanceRef(`node-00${i + 1}`, deps)),
    );
    expect(resolved.map((r) => r.label)).toEqual(['node-001', 'node-002', 'node-003']);
    // 150 servers are two pages: read once, by one replica.
    expect(replicas.map(({ state }) => state.calls).sort()).toEqual([0, 0, 2]);
  });

  it('reads the pages after the first side by side', async () => {
    const fleet = Array.from({ length: 450 }, (_, i) => server(i + 1, `host-${i + 1}`));
    const { api } = listApi(fleet);
    const list = api.instances.list.bind(api.instances);
    let inFlight = 0;
    let most = 0;
    const counted = {
      instances: {
        ...api.instances,
        list: async (opts?: object) => {
          most = Math.max(most, (inFlight += 1));
          await new Promise((resolve) => setTimeout(resolve, 10));
          inFlight -= 1;
          return list(opts);
        },
      },
    } as unknown as Pick<HostingApi, 'instances'>;
    const deps = { policy: createPolicy(null, null), store: createMemoryStore(), api: counted };
    expect(await resolveInstanceRef('host-450', deps)).toEqual({ uuid: uuidOf(450), label: 'host-450' });
    expect(most).toBeGreaterThan(1);
  });

  it('a warm lookup reads a few bytes of the shared state, not the whole cached list again', async () => {
    const store = createMemoryStore();
    let read = 0;
    let largestWritten = 0;
    const ephemeral = new Proxy(store.ephemeral, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        const call = (args: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (property === 'set')
          return (...args: unknown[]) => {
            largestWritten = Math.max(largestWritten, String(args[1]).length);
            return call(args);
          };
        if (property !== 'get') return value;
        return async (...args: unknown[]) => {
          const got = (await call(args)) as string | null;
          read += got?.length ?? 0;
          return got;
        };
      },
    });
    const counted = new Proxy(store, {
      get: (target, property, receiver) =>
        property === 'ephemeral' ? ephemeral : (Reflect.get(target, property, receiver) as unknown),
    });
    const deps = { policy: createPolicy(null, null), store: counted, api: listApi(FLEET).api };
    await resolveInstanceRef('node-001', deps);
    read = 0;
    for (let n = 2; n <= 11; n += 1) await resolveInstanceRef(`node-${String(n).padStart(3, '0')}`, deps);
    // Ten lookups of names not learned yet read less than one copy of the list.
    expect(largestWritten).toBeGreaterThan(5_000);
    expect(read).toBeLessThan(largestWritten);
  });

  it('reads the list again on a miss, so a server created since the last read is found', async () => {
    let clock = 1_000_000;
    const store = createMemoryStore({ now: () => clock });
    const { api, state } = listApi(FLEET.slice(0, 5));
    const deps = { policy: createPolicy(null, null), store, api, now: () => new Date(clock) };
    await resolveInstanceRef('node-001', deps);
    state.servers = [...state.servers, server(77, 'fresh-1')];
    clock += 10_000;
    expect(await resolveInstanceRef('fresh-1', deps)).toEqual({ uuid: uuidOf(77), label: 'fresh-1' });
  });

  it('an ambiguous prefix lists the candidates with their uuids', async () => {
    const { api } = listApi(FLEET);
    const error = await refusal(
      resolveInstanceRef('node-01', { policy: createPolicy(null, null), store: createMemoryStore(), api }),
    );
    expect(error.id).toBe('ambiguous-instance');
    expect(error.message).toContain('`node-01` starts the hostnames of 10 instances');
    expect(error.message).toContain(`• node-013 — uuid ${uuidOf(13)} · Jakarta`);
  });

  it('without E3 (404 or 405) names are unknown as before and uuids still resolve', async () => {
    for (const status of [404, 405]) {
      const { api } = listApi(FLEET, { fail: status });
      const deps = { policy: createPolicy(null, null), store: createMemoryStore(), api };
      const error = await refusal(resolveInstanceRef('node-001', deps));
      expect(error.id).toBe('unknown-instance');
      expect(error.hint).not.toContain('could not be read');
      expect((await resolveInstanceRef(uuidOf(1), deps)).uuid).toBe(uuidOf(1));
    }
  });

  it('a list that cannot be read says so in the unknown-instance hint', async () => {
    const { api } = listApi(FLEET, { fail: 500 });
    const error = await refusal(
      resolveInstanceRef('node-001', { policy: createPolicy(null, null), store: createMemoryStore(), api }),
    );
    expect(error.id).toBe('unknown-instance');
    expect(error.hint).toContain('The instance list could not be read just now.');
  });

  it('completion offers hostnames from the list with their location', async () => {
    const { api } = listApi(FLEET);
    const choices = await completeInstances('node-14', {
      policy: createPolicy(null, null),
      store: createMemoryStore(),
      api,
    });
    expect(choices[0]).toEqual({ name: `node-140 (Jakarta · 00000000)`, value: uuidOf(140) });
    expect(choices).toHaveLength(10);
  });
});

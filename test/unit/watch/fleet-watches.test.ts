import { describe, expect, it } from 'vitest';
import type { HostingApi, InstanceListItem } from '../../../src/api/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { startFleetSweeper } from '../../../src/watch/fleet-sweeper.js';
import { createFleetWatches } from '../../../src/watch/fleet-watches.js';
import { createWatchService } from '../../../src/watch/books/watch-book.js';
import type { Actor } from '../../../src/core/ports.js';

const OPS: Actor = { platform: 'slack', userId: 'U1', displayName: 'oscar' };
const server = (n: number, location: string): InstanceListItem =>
  ({
    uuid: `00000000-0000-4000-8000-00000000000${n}`,
    hostname: `node-${n}`,
    location,
  }) as InstanceListItem;

/** An instance list (E3) the test edits, answering 500 or 404 on demand, counting calls. */
function fakeList(items: InstanceListItem[]) {
  const state = { items, failWith: 0, calls: 0 };
  const api = {
    instances: {
      list: async () => {
        state.calls += 1;
        if (state.failWith) throw Object.assign(new Error('list failed'), { status: state.failWith });
        return {
          items: state.items,
          page: {
            total: state.items.length,
            count: state.items.length,
            per_page: 100,
            current_page: 1,
            total_pages: 1,
          },
        };
      },
    },
  } as Pick<HostingApi, 'instances'>;
  return { api, state };
}

async function rig() {
  const store = createMemoryStore();
  const list = fakeList([server(1, 'Jakarta'), server(2, 'Jakarta'), server(3, 'Singapore')]);
  const watches = createWatchService(store);
  const deps = { api: list.api, store, watches, now: () => 1_000 };
  const hostnames = async () => (await watches.list('slack', 'C1')).map((w) => w.instance.label);
  return { store, list, watches, deps, fleet: createFleetWatches(deps), hostnames };
}

const quiet = { warn: () => undefined };

describe('fleet watches', () => {
  it('a sweep adds new servers of the location and drops deleted ones', async () => {
    const r = await rig();
    const done = await r.fleet.set('slack', 'C1', { type: 'location', name: 'jakarta' }, {}, OPS);
    expect(done.what).toBe('location Jakarta');
    expect(await r.hostnames()).toEqual(['node-1', 'node-2']);
    r.list.state.items = [server(2, 'Jakarta'), server(3, 'Singapore'), server(4, 'Jakarta')];
    const sweeper = startFleetSweeper(r.deps, { owner: 'r1', intervalMs: 60_000, ...quiet });
    await sweeper.sweep();
    await sweeper.stop();
    expect(await r.hostnames()).toEqual(['node-2', 'node-4']);
  });

  it('drops nothing when the list cannot be read or is no longer offered', async () => {
    const r = await rig();
    await r.fleet.set('slack', 'C1', { type: 'all' }, {}, OPS);
    r.list.state.items = [];
    const sweeper = startFleetSweeper(r.deps, { owner: 'r1', intervalMs: 60_000, ...quiet });
    for (const status of [500, 404]) {
      r.list.state.failWith = status;
      await sweeper.sweep();
      expect(await r.hostnames()).toEqual(['node-1', 'node-2', 'node-3']);
    }
    await sweeper.stop();
  });

  it('one replica sweeps at a time, and a watch set by hand is left alone', async () => {
    const r = await rig();
    await r.watches.set(
      'slack',
      'C1',
      { instance: { uuid: server(1, '').uuid, label: 'node-1' }, cpuPercent: 90 },
      OPS,
    );
    await r.fleet.set('slack', 'C1', { type: 'location', name: 'Jakarta' }, {}, OPS);
    const first = startFleetSweeper(r.deps, { owner: 'r1', intervalMs: 60_000, ...quiet });
    const second = startFleetSweeper(r.deps, { owner: 'r2', intervalMs: 60_000, ...quiet });
    await first.sweep();
    const calls = r.list.state.calls;
    await second.sweep();
    expect(r.list.state.calls).toBe(calls);
    r.list.state.items = [server(2, 'Jakarta')];
    await first.sweep();
    // node-1 was watched by hand (with its own threshold): the fleet watch does not drop it.
    expect((await r.watches.list('slack', 'C1')).map((w) => [w.instance.label, w.cpuPercent])).toEqual([
      ['node-1', 90],
      ['node-2', undefined],
    ]);
    await first.stop();
    await second.stop();
  });

  it('unwatch --location removes only what that fleet watch made; --all every server watch', async () => {
    const r = await rig();
    await r.fleet.set('slack', 'C1', { type: 'location', name: 'Singapore' }, {}, OPS);
    await r.fleet.set('slack', 'C1', { type: 'location', name: 'Jakarta' }, {}, OPS);
    expect(await r.fleet.remove('slack', 'C1', { type: 'location', name: 'singapore' })).toEqual({
      what: 'location Singapore',
      removed: 1,
    });
    expect(await r.fleet.remove('slack', 'C1', { type: 'location', name: 'Singapore' })).toBeNull();
    expect(await r.fleet.remove('slack', 'C1', { type: 'all' })).toEqual({
      what: 'every server',
      removed: 2,
    });
    expect(await r.hostnames()).toEqual([]);
  });

  it('answers whoever sets or ends a fleet watch in their language', async () => {
    const r = await rig();
    const where = { type: 'location', name: 'Bandung' } as const;
    await expect(r.fleet.set('slack', 'C1', where, {}, OPS, 'id')).rejects.toMatchObject({
      message: 'Tidak ada server di lokasi "Bandung" — tidak ada yang dipantau.',
      hint: 'Lokasi yang punya server: Jakarta, Singapore.',
    });
    const done = await r.fleet.set('slack', 'C1', { type: 'location', name: 'jakarta' }, {}, OPS, 'id');
    expect(done.what).toBe('lokasi Jakarta');
    expect((await r.watches.list('slack', 'C1', 'id')).map((w) => w.state)).toEqual([
      'belum diperiksa',
      'belum diperiksa',
    ]);
    expect(await r.fleet.remove('slack', 'C1', { type: 'all' }, 'id')).toEqual({
      what: 'semua server',
      removed: 2,
    });
  });
});

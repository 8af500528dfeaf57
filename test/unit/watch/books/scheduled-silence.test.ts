// The silence of a scheduled stop / restart (issue 40), through real polls of one watch: it holds
// from the run until a poll sees the server Running again (a poll after the one that followed the
// action), then ends 5 minutes later; meanwhile incidents are recorded, neither posted nor paged.
import { describe, expect, it } from 'vitest';
import { noteConfirmedAction } from '../../../../src/core/audit/recent-actions.js';
import type { Actor } from '../../../../src/core/index.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { tenantScope } from '../../../../src/tenants/scope.js';
import { tenantScopedStore } from '../../../../src/tenants/tenant-store.js';
import { pollOnce } from '../../../../src/watch/poll-once.js';
import { createWatchService, watchId } from '../../../../src/watch/books/watch-book.js';
import { fakeHostingApi, instanceDetail } from '../../../support/fake-api.js';
import { pollRig } from '../poll-rig.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const WEB1 = { uuid: UUID, label: 'web-1' };
const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 28, 2, 0);
const ayu: Actor = { platform: 'slack', userId: 'U1', displayName: 'ayu' };
const WHERE = { platform: 'slack' as const, channelId: 'C1' };
const REASON = 'scheduled instance restart by @ayu';

async function setup(store = createMemoryStore()) {
  const clock = { at: T0, status: 'Running' };
  const watches = createWatchService(store, undefined, () => clock.at);
  await watches.set('slack', 'C1', { instance: WEB1 }, ayu);
  const api = fakeHostingApi({
    instances: {
      detail: async (uuid: string) => instanceDetail({ uuid, hostname: 'web-1', status: clock.status }),
    },
  });
  const { deps, log, book } = pollRig(store, api, () => clock.at);
  const watch = (await book.watches.get(watchId('slack', 'C1', UUID)))!;
  /** Polls once `minutes` later, the server showing `status`. */
  const poll = async (minutes: number, status: string) => {
    clock.at += minutes * MIN;
    clock.status = status;
    await pollOnce(deps, watch);
  };
  const alerts = () => log.posts(/web-1: needs attention/);
  const silences = watches.silences!;
  return { clock, poll, alerts, silences, store, log };
}

describe('a scheduled action’s silence', () => {
  it('holds through a restart the polls never saw, then ends 5 minutes after a later poll sees Running', async () => {
    const r = await setup();
    await r.poll(0, 'Running');
    const set = await r.silences.untilRunning!(WEB1, ayu, WHERE, REASON, 5 * MIN);
    expect(set).toMatchObject({ what: 'web-1', by: '@ayu', reason: REASON });
    await noteConfirmedAction(r.store, 'instance restart', { instance: WEB1 });
    // Listed like any silence, set from the schedule's channel.
    expect(await r.silences.list('en', WHERE)).toEqual([
      expect.objectContaining({ what: 'web-1', reason: REASON }),
    ]);
    // The first poll after it may still read the status from before the restart: it ends nothing.
    await r.poll(1, 'Running');
    expect((await r.silences.list())[0]?.until).toBe(T0 + 7 * 24 * 60 * MIN);
    await r.poll(1, 'Running');
    expect((await r.silences.list())[0]?.until).toBe(T0 + 2 * MIN + 5 * MIN);
    await r.poll(2, 'Error');
    expect(r.alerts()).toEqual([]);
    await r.poll(1, 'Running');
    // Past the 5 minutes: the silence is over and the next failure is posted.
    await r.poll(3, 'Error');
    expect(r.alerts()).toHaveLength(1);
  });

  it('after a stop, holds until the server is started and Running again, then 5 minutes more', async () => {
    const r = await setup();
    await r.poll(0, 'Running');
    await r.silences.untilRunning!(WEB1, ayu, WHERE, 'scheduled instance stop by @ayu', 5 * MIN);
    // Stopped for hours (long past the 15 minutes a confirmed stop is not an incident): recorded only.
    await r.poll(1, 'Stopping');
    await r.poll(1, 'Stopped');
    await r.poll(180, 'Stopped');
    expect(r.alerts()).toEqual([]);
    expect((await r.silences.list())[0]?.until).toBe(T0 + 7 * 24 * 60 * MIN);
    await r.poll(60, 'Starting');
    await r.poll(1, 'Running');
    const runningAt = T0 + 243 * MIN;
    expect((await r.silences.list())[0]?.until).toBe(runningAt + 5 * MIN);
    await r.poll(4, 'Error');
    expect(r.alerts()).toEqual([]);
    await r.poll(2, 'Error');
    expect(r.alerts()).toHaveLength(1);
  });

  it('leaves a silence someone set alone, and silences nothing of a server no one watches', async () => {
    const r = await setup();
    await r.silences.set({ type: 'instance', ref: 'web-1' }, '1h', ayu, WHERE, 'kernel upgrade');
    expect(await r.silences.untilRunning!(WEB1, ayu, WHERE, REASON, 5 * MIN)).toBeNull();
    expect(await r.silences.list()).toEqual([
      expect.objectContaining({ what: 'web-1', until: T0 + 60 * MIN, reason: 'kernel upgrade' }),
    ]);
    const other = { uuid: '11111111-2222-4333-8444-555555555555', label: 'db-9' };
    expect(await r.silences.untilRunning!(other, ayu, WHERE, REASON, 5 * MIN)).toBeNull();
    expect(await r.silences.list()).toHaveLength(1);
  });

  it('is one tenant’s: the same server watched by another tenant is not silenced', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    const store = tenantScopedStore(createMemoryStore(), scope);
    const a = await scope.run('slack:TA', () => setup(store));
    const b = await scope.run('slack:TB', () => setup(store));
    await scope.run('slack:TA', () => a.silences.untilRunning!(WEB1, ayu, WHERE, REASON, 5 * MIN));
    expect(await scope.run('slack:TA', () => a.silences.list())).toHaveLength(1);
    expect(await scope.run('slack:TB', () => b.silences.list())).toEqual([]);
    await scope.run('slack:TB', () => b.poll(1, 'Error'));
    expect(b.alerts()).toHaveLength(1);
  });
});

// The behaviour every BotStore implementation must have (memory, embedded, Redis): one suite,
// run by test/contract/store-*.test.ts. Expiry is tested with real short TTLs (Redis expires
// keys by its own clock) and, for retention, with the store's injectable clock moved forward.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USED_RETENTION_MS, type BotStore, type PendingConfirmation } from '../../src/core/store.js';
import { describeStoreRecordsContract } from './store-contract-records.js';
import { describeStoreTenantsContract } from './store-contract-tenants.js';
import { describeStoreIsolationContract } from './store-contract-isolation.js';
import { describeStoreStoryContract } from './store-contract-story.js';

/** What a test file provides: a fresh, empty store on the given clock, and how to dispose of it. */
export type OpenStore = (options: {
  now: () => number;
}) => Promise<{ store: BotStore; cleanup(): Promise<void> }>;

/** A clock the tests can move forward (starts at the real time, so real TTLs agree with it). */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

/** The store under test plus its clock, refreshed before each test. */
export interface StoreFixture {
  store: BotStore;
  clock: TestClock;
}

/** Waits `ms` of real time (for TTLs Redis counts itself). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pending confirmation with every field a real one has; `overrides` win. */
export function pendingFor(
  token: string,
  at: number,
  overrides: Partial<PendingConfirmation> = {},
): PendingConfirmation {
  return {
    token,
    command: 'instance stop',
    args: {
      instance: { uuid: '0b0e6c1e-0000-4000-8000-000000000001', label: 'web-1' },
      force: true,
      tags: [],
    },
    auditArgs: { instance: 'web-1', note: 'résumé ✓ "quoted" \\ slash/' },
    requester: { platform: 'slack', userId: 'U1', displayName: 'Ada', roles: [] },
    platform: 'slack',
    channelId: 'C1',
    invocationId: `inv-${token}`,
    createdAt: at,
    expiresAt: at + 60_000,
    targets: [],
    twoPerson: false,
    card: { title: 'Stop web-1?', blocks: [] },
    status: 'pending',
    ...overrides,
  };
}

/** Registers the whole contract for one implementation. */
export function describeStoreContract(name: string, open: OpenStore): void {
  describe(`BotStore contract: ${name}`, () => {
    const fixture = {} as StoreFixture;
    let cleanup: () => Promise<void> = async () => {};
    beforeEach(async () => {
      let offset = 0;
      fixture.clock = { now: () => Date.now() + offset, advance: (ms) => (offset += ms) };
      const opened = await open({ now: fixture.clock.now });
      fixture.store = opened.store;
      cleanup = opened.cleanup;
    });
    afterEach(async () => {
      await cleanup();
    });

    describePendingContract(fixture);
    describeStoreRecordsContract(fixture);
    describeStoreTenantsContract(fixture);
    describeStoreIsolationContract(fixture);
    describeStoreStoryContract(fixture);

    it('answers ping', async () => {
      await expect(fixture.store.ping()).resolves.toBeUndefined();
    });
  });
}

function describePendingContract(f: StoreFixture): void {
  describe('pending confirmations', () => {
    it('returns what was put, field for field, and null for an unknown token', async () => {
      const pending = pendingFor('t1', f.clock.now(), { typedConfirmation: 'web-1', targets: ['a', 'b'] });
      await f.store.pending.put(pending);
      expect(await f.store.pending.get('t1')).toEqual(pending);
      expect(await f.store.pending.get('nope')).toBeNull();
    });

    it('take gives the confirmation once, as it was, and marks it used by whom and how', async () => {
      const at = f.clock.now();
      await f.store.pending.put(pendingFor('t1', at));
      const taken = await f.store.pending.take('t1', 'slack:U2', at + 5, 'confirmed');
      expect(taken).toEqual(pendingFor('t1', at));
      expect(await f.store.pending.take('t1', 'slack:U3', at + 6, 'cancelled')).toBeNull();
      const used = await f.store.pending.get('t1');
      expect(used).toMatchObject({
        status: 'used',
        usedBy: 'slack:U2',
        usedAt: at + 5,
        resolution: 'confirmed',
      });
      expect(await f.store.pending.take('missing', 'slack:U2', at, 'confirmed')).toBeNull();
    });

    it('records the id of the click that took it, so a taker whose reply was lost can recognise its own take', async () => {
      const at = f.clock.now();
      await f.store.pending.put(pendingFor('t1', at));
      expect(await f.store.pending.take('t1', 'slack:U2', at, 'confirmed', 'click-1')).toEqual(
        pendingFor('t1', at),
      );
      expect(await f.store.pending.take('t1', 'slack:U3', at, 'confirmed', 'click-2')).toBeNull();
      expect(await f.store.pending.get('t1')).toMatchObject({
        status: 'used',
        usedBy: 'slack:U2',
        takeId: 'click-1',
      });
    });

    it('gives exactly one of many simultaneous takers the confirmation', async () => {
      await f.store.pending.put(pendingFor('race', f.clock.now()));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          f.store.pending.take('race', `slack:U${i}`, f.clock.now(), 'confirmed'),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    it('lists expired, still-pending confirmations in due(), oldest first, and take still works after expiry', async () => {
      const at = f.clock.now();
      await f.store.pending.put(pendingFor('late', at, { expiresAt: at - 1000 }));
      await f.store.pending.put(pendingFor('later', at, { expiresAt: at - 500 }));
      await f.store.pending.put(pendingFor('oldest', at, { expiresAt: at - 2000 }));
      await f.store.pending.put(pendingFor('fresh', at, { expiresAt: at + 60_000 }));
      expect((await f.store.pending.due(at, 10)).map((p) => p.token)).toEqual(['oldest', 'late', 'later']);
      expect((await f.store.pending.due(at, 2)).map((p) => p.token)).toEqual(['oldest', 'late']);
      expect((await f.store.pending.due(at - 1500, 10)).map((p) => p.token)).toEqual(['oldest']);
      expect(await f.store.pending.take('late', 'expiry', at, 'expired')).not.toBeNull();
      expect((await f.store.pending.due(at, 10)).map((p) => p.token)).toEqual(['oldest', 'later']);
      expect(await f.store.pending.get('late')).toMatchObject({
        status: 'used',
        resolution: 'expired',
        usedBy: 'expiry',
      });
    });

    it('attaches a card only while pending', async () => {
      const at = f.clock.now();
      const ref = {
        platform: 'slack' as const,
        channelId: 'C1',
        id: '1700000000.000100',
        extra: { ts: 'x' },
      };
      await f.store.pending.put(pendingFor('t1', at));
      expect(await f.store.pending.attachCard('t1', ref)).toBe(true);
      expect((await f.store.pending.get('t1'))?.cardRef).toEqual(ref);
      expect((await f.store.pending.take('t1', 'slack:U1', at, 'cancelled'))?.cardRef).toEqual(ref);
      await f.store.pending.put(pendingFor('t2', at));
      await f.store.pending.take('t2', 'slack:U1', at, 'cancelled');
      expect(await f.store.pending.attachCard('t2', ref)).toBe(false);
      expect((await f.store.pending.get('t2'))?.cardRef).toBeUndefined();
      expect(await f.store.pending.attachCard('missing', ref)).toBe(false);
      expect(await f.store.pending.get('missing')).toBeNull();
    });

    it('counts only confirmations still pending, and forgets deleted ones', async () => {
      const at = f.clock.now();
      await f.store.pending.put(pendingFor('a', at, { expiresAt: at - 10 }));
      await f.store.pending.put(pendingFor('b', at));
      await f.store.pending.put(pendingFor('c', at));
      await f.store.pending.put(
        pendingFor('u', at, { status: 'used', usedAt: at, usedBy: 'slack:U1', resolution: 'confirmed' }),
      );
      expect(await f.store.pending.count()).toBe(3);
      await f.store.pending.take('b', 'slack:U1', at, 'confirmed');
      await f.store.pending.delete('a');
      await f.store.pending.delete('never-there');
      expect(await f.store.pending.count()).toBe(1);
      expect(await f.store.pending.get('a')).toBeNull();
      expect(await f.store.pending.due(at, 10)).toEqual([]);
      expect(await f.store.pending.get('u')).toMatchObject({ status: 'used', resolution: 'confirmed' });
    });

    it('replaces a confirmation put again under the same token', async () => {
      const at = f.clock.now();
      await f.store.pending.put(pendingFor('t1', at));
      await f.store.pending.put(pendingFor('t1', at, { expiresAt: at - 5, command: 'instance reboot' }));
      expect(await f.store.pending.get('t1')).toMatchObject({
        command: 'instance reboot',
        expiresAt: at - 5,
      });
      expect((await f.store.pending.due(at, 10)).map((p) => p.command)).toEqual(['instance reboot']);
      expect(await f.store.pending.count()).toBe(1);
    });

    it('drops a confirmation once its retention after expiry has passed', async () => {
      const at = f.clock.now();
      // Expired long ago: 250 ms of retention left, by the store's clock and by Redis's.
      await f.store.pending.put(
        pendingFor('old', at, { createdAt: at - USED_RETENTION_MS, expiresAt: at - USED_RETENTION_MS + 250 }),
      );
      await f.store.pending.put(pendingFor('kept', at));
      expect(await f.store.pending.count()).toBe(2);
      await sleep(400);
      f.clock.advance(2000);
      expect(await f.store.pending.due(f.clock.now(), 10)).toEqual([]);
      expect(await f.store.pending.get('old')).toBeNull();
      expect(await f.store.pending.get('kept')).not.toBeNull();
      expect(await f.store.pending.count()).toBe(1);
    });

    it('stops returning a confirmation once the store clock passes its retention', async () => {
      const at = f.clock.now();
      await f.store.pending.put(pendingFor('t1', at, { expiresAt: at + 1000 }));
      f.clock.advance(1000 + USED_RETENTION_MS + 1);
      expect(await f.store.pending.get('t1')).toBeNull();
    });
  });
}

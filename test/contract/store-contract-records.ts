// The store contract beyond pending confirmations: hostname directory, record collections,
// leases and ephemeral state (see store-contract.ts for how it is run).
import { describe, expect, it } from 'vitest';
import type { StoreFixture } from './store-contract.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const U1 = 'aaaaaaaa-0000-4000-8000-000000000001';
const U2 = 'aaaaaaaa-0000-4000-8000-000000000002';
const U3 = 'aaaaaaaa-0000-4000-8000-000000000003';

/** Registers the non-pending parts of the contract on the shared fixture. */
export function describeStoreRecordsContract(f: StoreFixture): void {
  describe('hostname directory', () => {
    it('answers both ways, ignoring case, and lists every uuid sharing a hostname', async () => {
      await f.store.hostnames.remember(U1, 'Web-1.example.com');
      await f.store.hostnames.remember(U2.toUpperCase(), 'web-1.EXAMPLE.com');
      await f.store.hostnames.remember(U3, 'db-1');
      expect(await f.store.hostnames.hostnameOf(U1.toUpperCase())).toBe('Web-1.example.com');
      expect(await f.store.hostnames.hostnameOf(U2)).toBe('web-1.EXAMPLE.com');
      expect((await f.store.hostnames.uuidsOf('WEB-1.example.COM')).sort()).toEqual([U1, U2]);
      expect(await f.store.hostnames.uuidsOf('db-1')).toEqual([U3]);
      expect(await f.store.hostnames.uuidsOf('unknown')).toEqual([]);
      expect(await f.store.hostnames.hostnameOf('unknown')).toBeNull();
    });

    it('moves a uuid to its new hostname when renamed, and forgets it entirely', async () => {
      await f.store.hostnames.remember(U1, 'old-name');
      await f.store.hostnames.remember(U1, 'new-name');
      expect(await f.store.hostnames.uuidsOf('old-name')).toEqual([]);
      expect(await f.store.hostnames.uuidsOf('NEW-name')).toEqual([U1]);
      await f.store.hostnames.remember(U1, 'New-Name');
      expect(await f.store.hostnames.hostnameOf(U1)).toBe('New-Name');
      expect(await f.store.hostnames.uuidsOf('new-name')).toEqual([U1]);
      await f.store.hostnames.forget(U1.toUpperCase());
      expect(await f.store.hostnames.hostnameOf(U1)).toBeNull();
      expect(await f.store.hostnames.uuidsOf('new-name')).toEqual([]);
      await f.store.hostnames.forget(U2);
      expect(await f.store.hostnames.search('', 10)).toEqual([]);
    });

    it('searches by prefix, case-insensitively, matches first, within the limit', async () => {
      await f.store.hostnames.remember(U1, 'alpha');
      await f.store.hostnames.remember(U2, 'Web-2');
      await f.store.hostnames.remember(U3, 'web-3');
      const found = await f.store.hostnames.search('WEB', 10);
      expect(found.slice(0, 2).map((h) => h.hostname).sort()).toEqual(['Web-2', 'web-3']);
      expect(found[2]).toEqual({ uuid: U1, hostname: 'alpha' });
      expect(await f.store.hostnames.search('web', 1)).toHaveLength(1);
      expect((await f.store.hostnames.search('web', 1))[0]?.hostname.toLowerCase()).toMatch(/^web-/);
      expect(await f.store.hostnames.search('zzz', 2)).toHaveLength(2);
    });
  });

  describe('record collections', () => {
    it('puts, gets, overwrites, lists, counts and deletes JSON records', async () => {
      const { bindings } = f.store;
      await bindings.put('slack:C1', { uuid: U1, label: 'web-1' });
      await bindings.put('discord:9', { uuid: U2, label: 'wéb "2"' });
      await bindings.put('slack:C1', { uuid: U3, label: 'db-1' });
      expect(await bindings.get('slack:C1')).toEqual({ uuid: U3, label: 'db-1' });
      expect(await bindings.get('missing')).toBeNull();
      expect(await bindings.count()).toBe(2);
      expect((await bindings.list()).map((b) => b.label).sort()).toEqual(['db-1', 'wéb "2"']);
      await bindings.delete('slack:C1');
      await bindings.delete('missing');
      expect(await bindings.get('slack:C1')).toBeNull();
      expect(await bindings.count()).toBe(1);
    });

    it('keeps collections apart, and the same name gives the same records', async () => {
      const ref = { platform: 'slack' as const, channelId: 'C1', id: '1.2' };
      const actor = { platform: 'slack' as const, userId: 'U1', displayName: 'Ada' };
      const spec = { kind: 'instance-status' as const, instanceUuid: U1, label: 'web-1', verb: 'stopping' };
      const operation = { id: 'op1', spec, ref, actor, channelId: 'C1', startedAt: 1, data: { polls: 2, seen: [] } };
      await f.store.operations.put('op1', operation as never);
      await f.store.collection<{ n: number }>('watches').put('w1', { n: 1 });
      expect(await f.store.operations.get('op1')).toEqual(operation);
      expect(await f.store.bindings.count()).toBe(0);
      expect(await f.store.collection('alerts').count()).toBe(0);
      expect(await f.store.collection<{ n: number }>('watches').get('w1')).toEqual({ n: 1 });
      expect(await f.store.collection('watches').list()).toEqual([{ n: 1 }]);
    });
  });

  describe('leases', () => {
    it('goes to one owner at a time until released', async () => {
      const { leases } = f.store;
      expect(await leases.acquire('sweeper', 'a', 10_000)).toBe(true);
      expect(await leases.holder('sweeper')).toBe('a');
      expect(await leases.acquire('sweeper', 'b', 10_000)).toBe(false);
      expect(await leases.acquire('sweeper', 'a', 10_000)).toBe(true);
      expect(await leases.renew('sweeper', 'b', 10_000)).toBe(false);
      expect(await leases.renew('sweeper', 'a', 10_000)).toBe(true);
      await leases.release('sweeper', 'b');
      expect(await leases.holder('sweeper')).toBe('a');
      await leases.release('sweeper', 'a');
      expect(await leases.holder('sweeper')).toBeNull();
      expect(await leases.acquire('sweeper', 'b', 10_000)).toBe(true);
      expect(await leases.holder('other')).toBeNull();
      expect(await leases.renew('other', 'a', 10_000)).toBe(false);
    });

    it('frees an expired lease for another owner and refuses to renew it', async () => {
      const { leases } = f.store;
      expect(await leases.acquire('tracker', 'a', 150)).toBe(true);
      await sleep(400);
      expect(await leases.holder('tracker')).toBeNull();
      expect(await leases.renew('tracker', 'a', 10_000)).toBe(false);
      expect(await leases.acquire('tracker', 'b', 10_000)).toBe(true);
      expect(await leases.holder('tracker')).toBe('b');
    });
  });

  describe('ephemeral state', () => {
    it('stores, replaces and deletes values, which expire by themselves', async () => {
      const { ephemeral } = f.store;
      await ephemeral.set('slack:url:1', 'https://hooks.example/1', 10_000);
      await ephemeral.set('slack:url:1', 'https://hooks.example/2', 10_000);
      await ephemeral.set('short', 'x', 150);
      expect(await ephemeral.get('slack:url:1')).toBe('https://hooks.example/2');
      await ephemeral.delete('slack:url:1');
      expect(await ephemeral.get('slack:url:1')).toBeNull();
      await sleep(400);
      expect(await ephemeral.get('short')).toBeNull();
      expect(await ephemeral.get('never')).toBeNull();
    });

    it('counts up from one, keeping the expiry set by the first increment', async () => {
      const { ephemeral } = f.store;
      expect(await ephemeral.increment('uses', 200)).toBe(1);
      expect(await ephemeral.increment('uses', 60_000)).toBe(2);
      expect(await ephemeral.increment('uses', 60_000)).toBe(3);
      expect(await ephemeral.increment('other', 60_000)).toBe(1);
      await sleep(450);
      expect(await ephemeral.get('uses')).toBeNull();
      expect(await ephemeral.increment('uses', 60_000)).toBe(1);
      expect(await ephemeral.get('other')).toBe('1');
    });
  });
}

// The store contract for channel stories (src/core/story.ts): appended per channel, read back in
// time order from a moment on, the newest kept within a limit, old entries dropped, and each
// tenant's stories its own in the tenant-scoped view.
import { describe, expect, it } from 'vitest';
import { STORY_RETENTION_MS, type StoryEntry } from '../../src/core/kit/index.js';
import { runInTenant } from '../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../src/tenants/scope.js';
import { tenantScopedStore } from '../../src/tenants/tenant-store.js';
import type { StoreFixture } from './store-contract.js';

const entry = (at: number, kind: StoryEntry['kind'], detail?: string): StoryEntry => ({
  at,
  kind,
  subject: 'web-1',
  instance: '0b0e6c1e-0000-4000-8000-000000000001',
  by: { userId: 'U1', name: 'Ada “on call” <b>' },
  ...(detail ? { detail } : {}),
});

/** Registers the story part of the contract on the shared fixture. */
export function describeStoreStoryContract(f: StoreFixture): void {
  describe('channel stories', () => {
    it('reads a channel’s entries back field for field, oldest first, from a moment on, channels apart', async () => {
      const at = f.clock.now();
      await f.store.story.append('slack:C1', entry(at + 20, 'recovered'));
      await f.store.story.append('slack:C1', entry(at, 'alert', 'status Error · résumé ✓'));
      await f.store.story.append('slack:C1', entry(at + 10, 'acknowledged'));
      await f.store.story.append('slack:C1', entry(at + 10, 'acknowledged'));
      await f.store.story.append('discord:C1', entry(at + 5, 'note', 'other platform'));
      expect(await f.store.story.read('slack:C1', 0, 100)).toEqual([
        entry(at, 'alert', 'status Error · résumé ✓'),
        entry(at + 10, 'acknowledged'),
        entry(at + 10, 'acknowledged'),
        entry(at + 20, 'recovered'),
      ]);
      expect((await f.store.story.read('slack:C1', at + 10, 100)).map((e) => e.kind)).toEqual([
        'acknowledged',
        'acknowledged',
        'recovered',
      ]);
      expect((await f.store.story.read('discord:C1', 0, 100)).map((e) => e.detail)).toEqual([
        'other platform',
      ]);
      expect(await f.store.story.read('slack:C2', 0, 100)).toEqual([]);
    });

    it('keeps the newest entries within a limit', async () => {
      const at = f.clock.now();
      for (let i = 0; i < 5; i += 1) await f.store.story.append('slack:C1', entry(at + i, 'note', `n${i}`));
      expect((await f.store.story.read('slack:C1', 0, 2)).map((e) => e.detail)).toEqual(['n3', 'n4']);
    });

    it('drops entries past the retention', async () => {
      const at = f.clock.now();
      await f.store.story.append('slack:C1', entry(at, 'note', 'old'));
      f.clock.advance(STORY_RETENTION_MS + 60_000);
      await f.store.story.append('slack:C1', entry(f.clock.now(), 'note', 'new'));
      expect((await f.store.story.read('slack:C1', 0, 100)).map((e) => e.detail)).toEqual(['new']);
    });

    it('keeps each tenant’s stories to itself, stamped with its tenant', async () => {
      const store = tenantScopedStore(
        f.store,
        tenantScope(async (id) => ({ id })),
      );
      const as = <T>(tenant: string, work: () => Promise<T>) => runInTenant({ id: tenant }, work);
      const at = f.clock.now();
      await as('slack:TA', () => store.story.append('slack:C1', entry(at, 'note', 'from A')));
      await as('slack:TB', () => store.story.append('slack:C1', entry(at + 1, 'note', 'from B')));
      expect(await as('slack:TA', () => store.story.read('slack:C1', 0, 10))).toEqual([
        { ...entry(at, 'note', 'from A'), tenant: 'slack:TA' },
      ]);
      expect((await as('slack:TB', () => store.story.read('slack:C1', 0, 10))).map((e) => e.detail)).toEqual([
        'from B',
      ]);
      expect(await store.story.read('slack:C1', 0, 10)).toEqual([]);
      expect(await as('slack:TA', () => store.story.channels())).toEqual(['slack:C1']);
      // An uninstall of A drops A's stories only.
      await as('slack:TA', () => store.story.drop('slack:C1'));
      expect(await as('slack:TA', () => store.story.read('slack:C1', 0, 10))).toEqual([]);
      expect(await as('slack:TB', () => store.story.read('slack:C1', 0, 10))).toHaveLength(1);
    });
  });
}

// The store contract for the live status cards (src/watch/live-cards.ts): one card per channel
// however many replicas start it at once, and per tenant — two workspaces' channels of the same id
// have a card each, `off` in one leaves the other's, and the updater's pass edits each as its tenant.
import { describe, expect, it } from 'vitest';
import type { ChannelPoster, MessageRef } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import { runInTenant } from '../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../src/tenants/scope.js';
import { tenantScopedStore } from '../../src/tenants/tenant-store.js';
import { liveCards, liveCardService, refreshLiveCards, type LiveCardDeps } from '../../src/watch/index.js';
import type { StoreFixture } from './store-contract.js';

const OSCAR = { platform: 'slack', userId: 'U1', displayName: 'oscar' };

/** A poster recording posts, edits and pins. */
function pinningPoster() {
  const posts: { ref: MessageRef; message: Message }[] = [];
  const edits: { ref: MessageRef; message: Message }[] = [];
  const pinned = new Set<string>();
  let seq = 0;
  const poster: ChannelPoster = {
    platform: 'slack',
    async post(channelId, message) {
      const ref = { platform: 'slack', channelId, id: `m${(seq += 1)}` };
      posts.push({ ref, message });
      return ref;
    },
    update: async (ref, message) => void edits.push({ ref, message }),
    setPinned: async (ref, pin) => void (pin ? pinned.add(ref.id) : pinned.delete(ref.id)),
  };
  return { poster, posts, edits, pinned };
}

/** Registers the live-card part of the contract on the shared fixture. */
export function describeStoreLiveCardsContract(f: StoreFixture): void {
  describe('live status cards', () => {
    const scope = tenantScope(async (id) => ({ id }));
    const as = <T>(tenant: string, work: () => Promise<T>) => runInTenant({ id: tenant }, work);
    const deps = (poster: ChannelPoster, incidents: () => string[]): LiveCardDeps => ({
      store: tenantScopedStore(f.store, scope),
      posterFor: () => poster,
      facts: async () => ({ incidents: incidents(), silences: [], pending: [] }),
      tenants: scope,
      now: () => f.clock.now(),
      warn: () => undefined,
      editIntervalMs: 0,
    });

    it('posts one card per channel however many replicas start it at once', async () => {
      const rig = pinningPoster();
      const [a, b] = [
        liveCardService(deps(rig.poster, () => [])),
        liveCardService(deps(rig.poster, () => [])),
      ];
      const outcomes = await Promise.all([
        a.start('slack', 'C1', OSCAR, 'en'),
        b.start('slack', 'C1', OSCAR, 'en'),
      ]);
      expect(outcomes.sort()).toEqual(['kept', 'posted']);
      expect(rig.posts).toHaveLength(1);
      expect([...rig.pinned]).toEqual([rig.posts[0]?.ref.id]);
      expect((await liveCards(f.store).list()).map((c) => c.ref.id)).toEqual([rig.posts[0]?.ref.id]);
    });

    it('keeps each tenant’s card to that tenant, and edits each as its own', async () => {
      const rig = pinningPoster();
      const incidents: Record<string, string[]> = { 'slack:TA': [], 'slack:TB': [] };
      const d = deps(rig.poster, () => incidents[scope.current() ?? ''] ?? []);
      const live = liveCardService(d);
      expect(await as('slack:TA', () => live.start('slack', 'C1', OSCAR, 'en'))).toBe('posted');
      expect(await as('slack:TB', () => live.start('slack', 'C1', OSCAR, 'id'))).toBe('posted');
      expect(rig.posts).toHaveLength(2);
      const [cardA, cardB] = rig.posts.map((p) => p.ref);

      incidents['slack:TA'] = ['web-1: status Error (since 10:00 UTC)'];
      f.clock.advance(1_000);
      await refreshLiveCards(d);
      // Only tenant A's card changed; tenant B's shows its own quiet channel, in its language.
      expect(rig.edits.map((e) => e.ref.id)).toEqual([cardA?.id]);
      expect(JSON.stringify(rig.edits[0]?.message)).toContain('web-1: status Error');
      expect(rig.posts[1]?.message.title).toMatch(/Kanal ini/);

      expect(await as('slack:TB', () => live.stop('slack', 'C1'))).toBe(true);
      expect([...rig.pinned]).toEqual([cardA?.id]);
      expect(await as('slack:TB', () => live.stop('slack', 'C1'))).toBe(false);
      expect(
        (await as('slack:TA', () => liveCards(tenantScopedStore(f.store, scope)).list())).map(
          (c) => c.ref.id,
        ),
      ).toEqual([cardA?.id]);
      expect(cardB?.id).not.toBe(cardA?.id);
    });
  });
}

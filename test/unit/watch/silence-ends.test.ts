// The end of a silence is told from the poller's periodic pass, not from a poll: with no watch
// polled at all it is still posted, once, in the channel's language, as the silence's tenant, and
// only by a replica that posts on the silence's platform.
import { describe, expect, it } from 'vitest';
import type { MessageRef } from '../../../src/core/index.js';
import { setChannelLocale } from '../../../src/core/channel-language.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { tenantScope } from '../../../src/tenants/scope.js';
import { currentTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantScopedStore } from '../../../src/tenants/tenant-store.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import type { ChannelPoster } from '../../../src/core/index.js';
import { createWatchPoller } from '../../../src/watch/poller.js';
import { silenceRecords } from '../../../src/watch/books/silence-book.js';
import { announceEndedSilencesEverywhere } from '../../../src/watch/silence-ends.js';
import { createSilence } from '../../../src/watch/rules/silences.js';
import type { Message } from '../../../src/render/message.js';
import type { Platform } from '../../../src/core/index.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 27, 9, 0);
const by = { platform: 'slack' as const, userId: 'U1', displayName: 'oscar' };

function recordingPoster(platform: Platform) {
  const posts: { channelId: string; title: string; tenant: string | undefined }[] = [];
  const poster: ChannelPoster = {
    platform,
    post: async (channelId, message: Message): Promise<MessageRef> => {
      posts.push({ channelId, title: message.title ?? '', tenant: currentTenant()?.id });
      return { platform, channelId, id: String(posts.length) };
    },
    update: async () => undefined,
  };
  return { poster, posts };
}

describe('ended silences', () => {
  it('are told once per tenant, as that tenant, in the channel language, by a replica posting on their platform', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    const store = tenantScopedStore(createMemoryStore(), scope);
    const put = (tenant: string, platform: Platform, channelId: string, location: string, ms: number) =>
      scope.run(tenant, () => {
        const silence = createSilence({ scope: { type: 'location', location }, ms, by, now: T0 });
        return silenceRecords(store).put(silence.key, { silence, platform, channelId });
      });
    await put('slack:TA', 'slack', 'CA', 'Jakarta', HOUR);
    await put('slack:TB', 'slack', 'CB', 'Surabaya', HOUR);
    await put('slack:TB', 'slack', 'CB', 'Bandung', 3 * HOUR);
    await put('discord:G1', 'discord', 'D1', 'Medan', HOUR);
    await scope.run('slack:TB', () =>
      setChannelLocale(store, 'slack', 'CB', { locale: 'id', setBy: 'U2', at: T0 }),
    );
    const slack = recordingPoster('slack');
    const look = (now: number) =>
      announceEndedSilencesEverywhere({
        store,
        posters: [slack.poster],
        metrics: NO_ALERT_METRICS,
        tenants: scope,
        now,
        warn: () => undefined,
      });

    await look(T0 + 30 * 60_000);
    expect(slack.posts).toEqual([]);
    await look(T0 + HOUR + 1);
    await look(T0 + HOUR + 2);
    expect(slack.posts).toEqual([
      { channelId: 'CA', title: 'Silence of location Jakarta ended', tenant: 'slack:TA' },
      { channelId: 'CB', title: 'Penyenyapan lokasi Surabaya berakhir', tenant: 'slack:TB' },
    ]);
    // The Discord silence waits for a replica that posts on Discord; the running one stays stored.
    const left = (await silenceRecords(store).list()).map((r) => r.silence.scope);
    expect(left).toEqual(
      expect.arrayContaining([
        { type: 'location', location: 'Medan' },
        { type: 'location', location: 'Bandung' },
      ]),
    );
    expect(left).toHaveLength(2);
  });

  it('are told by the periodic pass of a poller with no watch to poll, the record dropped, nothing warned', async () => {
    const store = createMemoryStore();
    const silence = createSilence({ scope: { type: 'all' }, ms: HOUR, by, now: T0 });
    await silenceRecords(store).put(silence.key, { silence, platform: 'slack', channelId: 'C1' });
    const slack = recordingPoster('slack');
    const warnings: string[] = [];
    let clock = T0 + HOUR - 1;
    const poller = createWatchPoller({
      api: {} as never,
      store,
      posters: [slack.poster],
      intervalMs: 60_000,
      adoptIntervalMs: 20,
      now: () => clock,
      logger: { warn: (_detail, message) => void warnings.push(message) },
    });
    try {
      await poller.start();
      expect(slack.posts).toEqual([]);
      clock = T0 + HOUR;
      for (let i = 0; i < 100 && slack.posts.length === 0; i += 1)
        await new Promise((r) => setTimeout(r, 10));
      expect(slack.posts.map((p) => p.title)).toEqual(['Silence of all watched servers ended']);
      expect(await silenceRecords(store).list()).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      await poller.stop();
    }
  });

  it('are told for every tenant by the poller in OAuth mode, each as its tenant', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    const store = tenantScopedStore(createMemoryStore(), scope);
    for (const [tenant, channelId] of [
      ['slack:TA', 'CA'],
      ['slack:TB', 'CB'],
    ] as const)
      await scope.run(tenant, () => {
        const silence = createSilence({ scope: { type: 'all' }, ms: HOUR, by, now: T0 });
        return silenceRecords(store).put(silence.key, { silence, platform: 'slack', channelId });
      });
    const slack = recordingPoster('slack');
    const poller = createWatchPoller({
      api: {} as never,
      store,
      posters: [slack.poster],
      tenants: scope,
      intervalMs: 60_000,
      now: () => T0 + HOUR,
    });
    try {
      await poller.start();
      expect(slack.posts.map((p) => [p.channelId, p.tenant]).sort()).toEqual([
        ['CA', 'slack:TA'],
        ['CB', 'slack:TB'],
      ]);
    } finally {
      await poller.stop();
    }
  });
});

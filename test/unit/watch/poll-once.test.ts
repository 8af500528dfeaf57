import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { backoffFactor, pollDelayFactor } from '../../../src/watch/poller.js';
import { pollOnce } from '../../../src/watch/poll-once.js';
import { createWatchService, watchId } from '../../../src/watch/books/watch-book.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';
import { pollRig } from './poll-rig.js';
import type { Locale } from '../../../src/core/index.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';

/** A poll setup whose API answers from `answer` on every detail call. */
async function setup(answer: () => { status: string } | ApiError, label = 'web-1', owner?: Locale) {
  const store = createMemoryStore();
  await createWatchService(store).set(
    'slack',
    'C1',
    { instance: { uuid: UUID, label } },
    {
      platform: 'slack',
      userId: 'U1',
      displayName: 'oscar',
    },
    owner,
  );
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        const result = answer();
        if (result instanceof ApiError) throw result;
        return instanceDetail({ uuid, hostname: 'web-1', ...result });
      },
    },
  });
  let now = 0;
  const { deps, log, book } = pollRig(store, api, () => (now += 60_000));
  const watch = (await book.watches.get(watchId('slack', 'C1', UUID)))!;
  return { deps, watch, log, book };
}

describe('one poll', () => {
  it('says "unreachable" once from the second failed poll and "reachable again" once after, with the outage\'s real length', async () => {
    let answer: { status: string } | ApiError = new ApiError('NETWORK', 'instance.detail');
    const { deps, watch, log } = await setup(() => answer);
    const outcomes = [];
    outcomes.push(await pollOnce(deps, watch));
    expect(log.posts(/hosting API unreachable/)).toHaveLength(0);
    outcomes.push(await pollOnce(deps, watch));
    expect(log.posts(/hosting API unreachable/)).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) outcomes.push(await pollOnce(deps, watch));
    expect(outcomes).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(log.posts(/hosting API unreachable/)).toHaveLength(1);
    answer = { status: 'Running' };
    expect(await pollOnce(deps, watch)).toBe('ok');
    expect(log.entries.filter((e) => e.kind === 'post').map((e) => e.message.summary)).toEqual([
      expect.stringMatching(/hosting API unreachable/),
      // Polled each minute: failing from the 1st poll to the 4th, answering at the 5th.
      expect.stringMatching(/reachable again after 4 min/),
    ]);
  });

  it('backs off only after the outage notice: the second poll comes one interval after the first failure', () => {
    expect([0, 1, 2, 3, 4, 9].map((failures) => pollDelayFactor(failures, 2))).toEqual([1, 1, 2, 4, 8, 8]);
  });

  it('tells a channel about an outage once, however many of its watches see it', async () => {
    let answer: { status: string } | ApiError = new ApiError('TIMEOUT', 'instance.detail');
    const { deps, watch, log, book } = await setup(() => answer);
    const other = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    await createWatchService(deps.store).set(
      'slack',
      'C1',
      { instance: { uuid: other, label: 'web-2' } },
      {
        platform: 'slack',
        userId: 'U1',
        displayName: 'oscar',
      },
    );
    const second = (await book.watches.get(watchId('slack', 'C1', other)))!;
    for (let i = 0; i < 4; i += 1) {
      await pollOnce(deps, watch);
      await pollOnce(deps, second);
    }
    expect(log.posts(/hosting API unreachable/)).toHaveLength(1);
    answer = { status: 'Running' };
    await pollOnce(deps, watch);
    await pollOnce(deps, second);
    expect(
      log.entries.filter((e) => e.kind === 'post' && /reachable again/.test(e.message.summary ?? '')),
    ).toHaveLength(1);
  });

  it('treats 429 as a reason to slow down, never as an outage', async () => {
    const { deps, watch, log, book } = await setup(
      () => new ApiError('RATE_LIMITED', 'instance.detail', { status: 429 }),
    );
    for (let i = 0; i < 5; i += 1) expect(await pollOnce(deps, watch)).toBe('rate-limited');
    expect(log.entries).toEqual([]);
    expect(await book.alerts.get(watch.id)).toBeNull();
    expect([0, 1, 2, 3, 9].map(backoffFactor)).toEqual([1, 2, 4, 8, 8]);
  });

  it('names alerts, notices and `watches` by the hostname each poll reads, for a watch stored under its uuid', async () => {
    let answer: { status: string } | ApiError = { status: 'Error' };
    const { deps, watch, log } = await setup(() => answer, UUID);
    await pollOnce(deps, watch);
    expect(log.posts(/needs attention/).map((p) => p.message.title)).toEqual(['web-1: needs attention']);
    const [listed] = await createWatchService(deps.store).list('slack', 'C1');
    expect(listed?.instance.label).toBe('web-1');
    answer = { status: 'Running' };
    await pollOnce(deps, watch);
    expect(log.posts(/recovered/).map((p) => p.message.summary)).toEqual([
      expect.stringMatching(/^web-1 recovered/),
    ]);
  });

  it('raises one "gone" alert when the instance detail answers 404, and `watches` says so', async () => {
    const { deps, watch, log } = await setup(
      () => new ApiError('NOT_FOUND', 'instance.detail', { status: 404 }),
    );
    for (let i = 0; i < 40; i += 1) expect(await pollOnce(deps, watch)).toBe('ok');
    expect(log.entries.map((e) => `${e.kind}: ${e.message.title ?? e.message.summary}`)).toEqual([
      'post: web-1 is gone (the API no longer knows it)',
    ]);
    const [listed] = await createWatchService(deps.store).list('slack', 'C1');
    expect(listed?.state).toMatch(/Gone \(the API no longer knows it\)/);
  });

  it('retries a refused alert, then counts it by reason and tells the watch owner once; only a delivered alert counts', async () => {
    const { deps, watch } = await setup(() => ({ status: 'Error' }));
    const attempts: string[] = [];
    const told: string[] = [];
    const counted: string[] = [];
    let refuse = 99;
    deps.poster = {
      platform: 'slack',
      async post(channelId) {
        attempts.push(channelId);
        if (refuse-- > 0) throw Object.assign(new Error('refused'), { data: { error: 'not_in_channel' } });
        return { platform: 'slack', channelId, id: 'a1' };
      },
      async update() {},
      failureReason: (error) => (error as { data: { error: string } }).data.error,
      async tellPrivately(userId, message) {
        told.push(`${userId}: ${message.summary}`);
      },
    };
    const waits: number[] = [];
    deps.sleep = async (ms) => void waits.push(ms);
    deps.metrics = {
      alertOpened: (kind) => void counted.push(`delivered ${kind}`),
      deliveryFailed: (platform, reason) => void counted.push(`failed ${platform} ${reason}`),
      watches() {},
    };
    await pollOnce(deps, watch);
    await pollOnce(deps, watch);
    expect(attempts).toHaveLength(6);
    expect(waits).toEqual([1_000, 4_000, 1_000, 4_000]);
    expect(counted).toEqual(['failed slack not_in_channel', 'failed slack not_in_channel']);
    expect(told).toEqual([expect.stringMatching(/^U1: I could not post an alert for web-1 in channel C1/)]);
    refuse = 1;
    await pollOnce(deps, watch);
    expect(counted.slice(2)).toEqual(['delivered status']);
  });

  it('tells an owner who set the watch in Indonesian why the alert was not posted, in Indonesian', async () => {
    const { deps, watch } = await setup(() => ({ status: 'Error' }), 'web-1', 'id');
    const told: string[] = [];
    deps.retryDelaysMs = [];
    deps.poster = {
      platform: 'slack',
      async post() {
        throw Object.assign(new Error('refused'), { data: { error: 'not_in_channel' } });
      },
      async update() {},
      failureReason: (error) => (error as { data: { error: string } }).data.error,
      async tellPrivately(_userId, message) {
        told.push(`${message.title}: ${message.summary}`);
      },
    };
    await pollOnce(deps, watch);
    // The channel has no language (English card); the owner reads Indonesian.
    expect(told).toEqual([
      'Peringatan tidak terkirim: Saya tidak bisa memposting peringatan untuk web-1 di kanal C1, tempat Anda memasang pemantauan: "Status Error".',
    ]);
  });
});

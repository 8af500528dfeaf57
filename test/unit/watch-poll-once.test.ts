import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { createMemoryStore } from '../../src/store/table-store.js';
import { backoffFactor, pollDelayFactor } from '../../src/watch/poller.js';
import { pollOnce, type PollDeps } from '../../src/watch/poll-once.js';
import { createWatchService, watchBook, watchId } from '../../src/watch/watch-book.js';
import { postLog } from '../support/recording-poster.js';
import { fakeHostingApi, instanceDetail } from '../support/fake-api.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';

/** A poll setup whose API answers from `answer` on every detail call. */
async function setup(answer: () => { status: string } | ApiError) {
  const store = createMemoryStore();
  await createWatchService(store).set(
    'slack',
    'C1',
    { instance: { uuid: UUID, label: 'web-1' } },
    {
      platform: 'slack',
      userId: 'U1',
      displayName: 'oscar',
    },
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
  const log = postLog();
  const book = watchBook(store);
  let now = 0;
  const deps: PollDeps = {
    api,
    store,
    book,
    poster: log.poster('r1'),
    metrics: { alertOpened() {}, watches() {} },
    now: () => (now += 60_000),
    warn() {},
  };
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
});

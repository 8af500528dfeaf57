// One card per incident when the alert state is lost: a poll whose alert-state write failed is
// retried by the next poll, which edits the card already posted instead of posting a second one.
import { describe, expect, it } from 'vitest';
import type { RecordCollection } from '../../../../src/core/store.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { pollOnce } from '../../../../src/watch/poll-once.js';
import type { PollDeps } from '../../../../src/watch/poll-deps.js';
import type { AlertState } from '../../../../src/watch/types.js';
import { createWatchService, watchBook, watchId } from '../../../../src/watch/books/watch-book.js';
import { fakeHostingApi, instanceDetail } from '../../../support/fake-api.js';
import { postLog } from '../../../support/recording-poster.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const OSCAR = { platform: 'slack', userId: 'U1', displayName: 'oscar' } as const;

/** Alert state whose writes fail while `failing` is set (a lost write). */
function flakyAlerts(
  alerts: RecordCollection<AlertState>,
  failing: { on: boolean },
): RecordCollection<AlertState> {
  return {
    ...alerts,
    put: (id, value) => (failing.on ? Promise.reject(new Error('write lost')) : alerts.put(id, value)),
  };
}

async function setup(status: { now: string }) {
  const store = createMemoryStore();
  const watches = createWatchService(store);
  await watches.set('slack', 'C1', { instance: { uuid: UUID, label: 'web-1' } }, OSCAR);
  const api = fakeHostingApi({
    instances: {
      detail: async (uuid: string) => instanceDetail({ uuid, hostname: 'web-1', status: status.now }),
    },
  });
  const failing = { on: false };
  const stored = watchBook(store);
  const book = { ...stored, alerts: flakyAlerts(stored.alerts, failing) };
  const log = postLog();
  let now = 0;
  const opened: string[] = [];
  const deps: PollDeps = {
    api,
    store,
    book,
    poster: log.poster('r1'),
    metrics: { alertOpened: (kind) => void opened.push(kind), deliveryFailed() {}, watches() {} },
    now: () => (now += 60_000),
    warn() {},
  };
  const watch = (await book.watches.get(watchId('slack', 'C1', UUID)))!;
  return { deps, watch, log, failing, opened, watches };
}

describe('alert card per incident', () => {
  it('edits the card it already posted when the alert-state write after posting was lost', async () => {
    const status = { now: 'Error' };
    const { deps, watch, log, failing, opened } = await setup(status);
    failing.on = true;
    await expect(pollOnce(deps, watch)).rejects.toThrow('write lost');
    failing.on = false;
    expect(await pollOnce(deps, watch)).toBe('ok');
    expect(await pollOnce(deps, watch)).toBe('ok');
    const cards = log.posts(/needs attention/);
    expect(cards).toHaveLength(1);
    const edits = log.entries.filter((e) => e.kind === 'update');
    expect(edits.length).toBeGreaterThan(0);
    expect(edits.every((e) => e.ref.id === cards[0]!.ref.id)).toBe(true);
    expect(opened).toEqual(['status']);
    // Recovery edits that card; the next incident gets a card of its own.
    status.now = 'Running';
    await pollOnce(deps, watch);
    status.now = 'Error';
    await pollOnce(deps, watch);
    expect(log.posts(/needs attention/)).toHaveLength(2);
    expect(log.entries.filter((e) => e.kind === 'update').at(-1)?.ref.id).toBe(cards[0]!.ref.id);
  });

  it('gives a watch set again after removal a new card for its next incident', async () => {
    const status = { now: 'Error' };
    const { deps, watch, log, watches } = await setup(status);
    await pollOnce(deps, watch);
    await watches.remove('slack', 'C1', UUID);
    await watches.set('slack', 'C1', { instance: { uuid: UUID, label: 'web-1' } }, OSCAR);
    await pollOnce(deps, watch);
    expect(log.posts(/needs attention/)).toHaveLength(2);
  });
});

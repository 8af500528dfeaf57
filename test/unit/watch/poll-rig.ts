// What one poll of a watch needs in a unit test (pollOnce's deps): the store's watch book, a
// recording poster and the given API and clock; no metrics, warnings dropped.
import type { HostingApi } from '../../../src/api/index.js';
import type { BotStore } from '../../../src/core/index.js';
import { watchBook } from '../../../src/watch/books/watch-book.js';
import type { PollDeps } from '../../../src/watch/poll-deps.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import { postLog } from '../../support/recording-poster.js';

/** The deps of pollOnce over `store`, with the log of what it posted. */
export function pollRig(store: BotStore, api: HostingApi, now: () => number) {
  const log = postLog();
  const book = watchBook(store);
  const deps: PollDeps = {
    api,
    store,
    book,
    poster: log.poster('r1'),
    metrics: NO_ALERT_METRICS,
    now,
    warn() {},
  };
  return { deps, log, book };
}

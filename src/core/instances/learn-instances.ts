// Learns hostnames up front: the hosting API has no "list instances" endpoint, so a fresh data dir
// knows no hostnames until someone runs `instance show`. Fetching the detail of uuids the bot
// already has (policy aliases, a simulator's seed) makes `instance show web-1` work at once.
import type { HostingApi } from '../../api/index.js';
import { withDeadline } from '../deadline.js';
import type { BotStore } from '../store.js';

/** Limits for one learning pass. */
export interface LearnOptions {
  /** Detail requests in flight at once (default 4). */
  concurrency?: number;
  /** Total time budget; what is unfinished by then is dropped (default 5 s). */
  timeoutMs?: number;
}

/** Default time budget of a learning pass. */
export const LEARN_TIMEOUT_MS = 5000;

/**
 * Fetches instance.detail for each uuid (≤ `concurrency` at once, failures ignored) and remembers
 * the hostnames; resolves with how many were learned, at the latest after `timeoutMs`.
 */
export async function learnInstances(
  api: Pick<HostingApi, 'instances'>,
  store: Pick<BotStore, 'hostnames'>,
  uuids: readonly string[],
  options: LearnOptions = {},
): Promise<number> {
  const queue = [...new Set(uuids.map((u) => u.trim().toLowerCase()).filter(Boolean))];
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let learned = 0;
  let over = false;
  const worker = async (): Promise<void> => {
    for (let uuid = queue.shift(); uuid !== undefined && !over; uuid = queue.shift()) {
      try {
        const detail = await api.instances.detail(uuid);
        const hostname = typeof detail.hostname === 'string' ? detail.hostname.trim() : '';
        if (over || !hostname) continue;
        await store.hostnames.remember(uuid, hostname);
        learned += 1;
      } catch {
        // Unknown or unreachable instances are simply not learned.
      }
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, () => worker());
  await withDeadline(Promise.all(workers), options.timeoutMs ?? LEARN_TIMEOUT_MS, () => undefined);
  over = true;
  return learned;
}

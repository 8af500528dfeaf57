// A short mutual exclusion on one channel's shared records (its storm groups, its pacing budget),
// across replicas: a lease taken before reading and given back after writing. Leases are the
// store's one way of giving work to exactly one replica, so this adds no second mechanism. Within
// one process the callers for a lock queue up first and only the head asks the store: a storm of
// 500 members placed at once is then two contenders (one per replica), not 500 spinning on one key
// until some give up.
import { randomUUID } from 'node:crypto';
import { lease, type LeaseStore } from '../../core/index.js';

/** How long a holder may keep the lock if it dies meanwhile (the work inside takes milliseconds). */
const LOCK_TTL_MS = 5_000;
/** How long the head of the queue waits for a busy lock before giving up (the caller's poll or send fails and is retried). */
const WAIT_MS = 10_000;
const RETRY_MS = 15;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The last caller queued for each lock in this process. */
const queued = new Map<string, Promise<unknown>>();

/** Takes the store lock `name` (waiting at most WAIT_MS for another replica), runs `work`, gives it back. */
async function underLease<T>(leases: LeaseStore, name: string, work: () => Promise<T>): Promise<T> {
  const lock = lease(leases, name, randomUUID(), LOCK_TTL_MS);
  const giveUpAt = Date.now() + WAIT_MS;
  while (!(await lock.take())) {
    if (Date.now() > giveUpAt) throw new Error(`channel lock ${name} stayed busy`);
    await pause(RETRY_MS);
  }
  try {
    return await work();
  } finally {
    await lock.release().catch(() => undefined);
  }
}

/** Runs `work` while holding the lock `name`; throws when another replica keeps it busy longer than the wait. */
export async function withChannelLock<T>(
  leases: LeaseStore,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const before = queued.get(name) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(() => underLease(leases, name, work));
  queued.set(name, mine);
  try {
    return await mine;
  } finally {
    if (queued.get(name) === mine) queued.delete(name);
  }
}

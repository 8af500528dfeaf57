// Child process for the store benchmark: opens one store (memory, embedded or Redis) in a fresh
// process, times previews (put + attachCard) one at a time and twenty in flight, and reports the
// process's resident memory and heap before and after `size` previews are left pending. Run with
// --expose-gc. Args: <memory|embedded|redis> <size> <scratch dir> [redis url]. Prints one JSON line.
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { BotStore, PendingConfirmation } from '../../src/core/store.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';

const [kind = 'memory', sizeText = '500', scratch = '.', redisUrl = ''] = process.argv.slice(2);
const size = Number(sizeText);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** A confirmation shaped like the bot's: resolved args, audit args, a preview card. */
function pendingFor(token: string, at: number): PendingConfirmation {
  const lines = Array.from({ length: 6 }, (_, i) => ({ type: 'text', text: `Field ${i}: value for ${token}` }));
  return {
    token,
    command: 'instance stop',
    args: { instance: { uuid: `0b0e6c1e-0000-4000-8000-${token.padStart(12, '0').slice(-12)}`, label: 'web-1' }, force: false },
    auditArgs: { instance: 'web-1' },
    requester: { platform: 'slack', userId: 'U0123456', displayName: 'Ada Lovelace' },
    platform: 'slack',
    channelId: 'C0123456',
    invocationId: `inv-${token}`,
    createdAt: at,
    expiresAt: at + 15 * 60_000,
    targets: ['web-1'],
    twoPerson: false,
    card: { blocks: lines, text: 'Stop web-1?' } as unknown as PendingConfirmation['card'],
    status: 'pending',
  };
}

let opened = 0;
async function open(): Promise<BotStore> {
  opened += 1;
  if (kind === 'memory') return createMemoryStore();
  if (kind === 'embedded') return openEmbeddedStore(await mkdtemp(join(scratch, `store-${opened}-`)));
  return openRedisStore({ url: redisUrl, prefix: `bench:${process.pid}:${opened}:` });
}

/** Puts `count` previews with `concurrency` in flight; returns previews per second. */
async function previews(store: BotStore, count: number, concurrency: number, run: string): Promise<number> {
  let next = 0;
  const at = Date.now();
  const worker = async () => {
    while (next < count) {
      const token = `${run}-${(next += 1)}`;
      await store.pending.put(pendingFor(token, at));
      await store.pending.attachCard(token, { platform: 'slack', channelId: 'C0123456', id: `17000000.${token}` });
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - start) / 1000);
}

const mb = (bytes: number) => bytes / 1048576;
// Warm-up (JIT, connections), then one preview at a time.
const warm = await open();
await previews(warm, 200, 20, 'warm');
await warm.close();
// Median of three runs on fresh stores: the machine is shared, single runs are noisy.
const speeds: number[] = [];
for (let i = 0; i < 3; i += 1) {
  const sequentialStore = await open();
  speeds.push(await previews(sequentialStore, size, 1, `seq${i}`));
  await sequentialStore.close();
}
const perSecond = speeds.sort((a, b) => a - b)[1]!;
// The measured store: `size` previews twenty at a time, left pending.
const store = await open();
gc();
const before = process.memoryUsage();
const concurrent = await previews(store, size, 20, 'held');
gc();
const after = process.memoryUsage();
const pending = await store.pending.count();
process.stdout.write(
  `${JSON.stringify({
    perSecond,
    concurrent,
    pending,
    rssBeforeMb: mb(before.rss),
    rssMb: mb(after.rss),
    heldHeapKb: (after.heapUsed - before.heapUsed) / 1024,
  })}\n`,
);
await store.close();

// A channel's story outlives the process that wrote it and is one story for every replica: the
// embedded store reads it back after a reopen, two Redis stores on one server read each other's
// entries, and Redis keeps it under the prefix with an expiry.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryEntry } from '../../src/core/kit/index.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';

const note = (at: number, detail: string): StoryEntry => ({
  at,
  kind: 'note',
  by: { userId: 'U1', name: 'Ada' },
  detail,
});

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('channel stories shared and kept', () => {
  it('reads the embedded store’s story back after a reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-story-'));
    try {
      const at = Date.now();
      const first = await openEmbeddedStore(dir);
      await first.story.append('slack:C1', note(at, 'before the restart'));
      await first.close();
      const second = await openEmbeddedStore(dir);
      try {
        expect(await second.story.read('slack:C1', 0, 10)).toEqual([note(at, 'before the restart')]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is one story for two replicas on one Redis, kept under the prefix with an expiry', async () => {
    const a = await openRedisStore({ url: server.url, prefix: 'story-shared:' });
    const b = await openRedisStore({ url: server.url, prefix: 'story-shared:' });
    const raw = new Redis(server.url);
    try {
      const at = Date.now();
      await a.story.append('discord:C9', note(at, 'from replica a'));
      await b.story.append('discord:C9', note(at + 1, 'from replica b'));
      const details = (await a.story.read('discord:C9', 0, 10)).map((e) => e.detail);
      expect(details).toEqual(['from replica a', 'from replica b']);
      expect((await b.story.read('discord:C9', 0, 10)).map((e) => e.detail)).toEqual(details);
      expect(await raw.keys('story-shared:story:*')).toEqual(['story-shared:story:discord:C9']);
      expect(await raw.pttl('story-shared:story:discord:C9')).toBeGreaterThan(0);
    } finally {
      raw.disconnect();
      await a.close();
      await b.close();
    }
  });
});

// Redis restarted without its data while watches run (issue 44 item 17): the watches, fleet watches
// and silences are gone, and the channel that had them is told once what was lost and how to set
// it again — not left to find "Nothing is watched from this channel" on its own.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/text.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';
import { CACHE1, CHANNEL, pause, WEB2, watchRig } from '../support/watch-rig.js';

describe('watches lost with the store’s data', { timeout: 60_000 }, () => {
  it('tells the channel once what is gone and how to restore it', async () => {
    const first = await startRedisServer();
    let second: TestRedisServer | undefined;
    const store = await openRedisStore({ url: first.url, commandTimeoutMs: 500, connectTimeoutMs: 1_000 });
    const r = await watchRig({ store });
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      expect(await r.say(`watch ${CACHE1}`)).toMatch(/Watching cache-1/);
      expect(await r.say('silence web-2 2h kernel upgrade')).toMatch(/Silenced web-2/);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(2);
      // Redis dies and comes back empty on the same port (a restart without its data).
      await first.kill();
      second = await startRedisServer({ port: first.port });
      const notice = await waitFor(() => r.log.posts(/lost its data/)[0], 'the data-loss notice', 20_000);
      expect(notice.channelId).toBe(CHANNEL);
      const said = renderText(notice.message);
      expect(said).toContain('No longer watched: cache-1, web-2.');
      expect(said).toContain('Silences gone (alerts are posted again): web-2.');
      expect(said).toContain('`watch --all`');
      expect(said).toContain('`audit`');
      // Told once, however many passes run after it.
      await pause(500);
      expect(r.log.posts(/lost its data/)).toHaveLength(1);
      expect(await r.say('watches')).toMatch(/Nothing is watched/);
    } finally {
      await r.close();
      await store.close();
      await second?.stop();
      await first.stop();
    }
  });
});

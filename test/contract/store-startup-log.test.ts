// What the log and /readyz say about the store a bot starts on (issue 37 item 4): the start-up log
// names the store in use (the embedded journal's dir, or Redis's host:port and whether its
// persistence is safe), an unsafe Redis is logged naming the setting and the override, and /readyz
// says "unsafe persistence" rather than "not reachable". A Redis password never reaches the log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import { createReadiness } from '../../src/serve/readiness.js';
import { captureLogs } from '../support/capture-logs.js';
import { startRedisServer, type TestRedisOptions } from '../support/redis-server.js';

const PASSWORD = 's3cret-pw';

/** Starts an app on `env` with a logger whose JSON lines are returned. */
async function startApp(env: Record<string, string>) {
  const { logger, lines, records } = captureLogs();
  const app = await createApp(loadConfig({ LOG_LEVEL: 'info', ...env }), {
    logger,
    charts: null,
    tracker: null,
  });
  return { app, logged: records, text: () => lines.join('\n') };
}

async function withRedis(
  options: TestRedisOptions,
  run: (url: string, port: number, dir: string) => Promise<void>,
) {
  const redis = await startRedisServer({ password: PASSWORD, ...options });
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-store-log-'));
  try {
    await run(redis.url, redis.port, dir);
  } finally {
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the store named at start-up, and unsafe persistence said', { timeout: 30_000 }, () => {
  it('names the embedded journal and its dir', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-store-log-'));
    const { app, logged } = await startApp({ VPSOPS_DATA_DIR: dir });
    try {
      const line = logged().find((l) => l.store === 'embedded');
      expect(line).toMatchObject({ level: 30, dataDir: dir });
      expect(String(line?.msg)).toContain(`embedded journal at ${dir}`);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names Redis by host:port with safe persistence, never its password', async () => {
    await withRedis({}, async (url, port, dir) => {
      const { app, logged, text } = await startApp({ VPSOPS_DATA_DIR: dir, REDIS_URL: url });
      try {
        const line = logged().find((l) => l.store === 'redis');
        expect(line).toMatchObject({ level: 30, redis: `127.0.0.1:${port}`, persistence: 'ok' });
        expect(String(line?.msg)).toContain(`Redis at 127.0.0.1:${port}, persistence ok`);
        expect(text()).not.toContain(PASSWORD);
      } finally {
        await app.close();
      }
    });
  });

  it('logs AOF off and the evicting policy with the override, and /readyz says unsafe persistence', async () => {
    await withRedis({ persistence: 'rdb' }, async (url, _port, dir) => {
      const { app, logged, text } = await startApp({ VPSOPS_DATA_DIR: dir, REDIS_URL: url });
      try {
        const warned = logged().filter((l) => Number(l.level) >= 40);
        const unsafe = warned.find((l) => /appendonly no/.test(String(l.msg)));
        expect(unsafe?.msg).toMatch(/maxmemory-policy is allkeys-lru/);
        expect(unsafe?.msg).toContain('VPSOPS_REDIS_UNSAFE_PERSISTENCE=1');
        expect(logged().find((l) => l.store === 'redis')).toMatchObject({ persistence: 'unsafe' });
        const ready = await createReadiness({ pingStore: () => app.store.ping() })();
        expect(ready).toEqual({
          ready: false,
          reason: expect.stringMatching(/^store has unsafe persistence: .*appendonly no/),
        });
        expect(JSON.stringify(ready)).not.toContain('not reachable');
        expect(text()).not.toContain(PASSWORD);
      } finally {
        await app.close();
      }
    });
  });

  it('logs appendfsync no as unsafe', async () => {
    await withRedis({ appendfsync: 'no' }, async (url, _port, dir) => {
      const { app, logged } = await startApp({ VPSOPS_DATA_DIR: dir, REDIS_URL: url });
      try {
        const unsafe = logged().find((l) => Number(l.level) >= 40 && /appendfsync/.test(String(l.msg)));
        expect(unsafe?.msg).toContain('VPSOPS_REDIS_UNSAFE_PERSISTENCE=1');
        const ready = await createReadiness({ pingStore: () => app.store.ping() })();
        expect(ready).toMatchObject({
          ready: false,
          reason: expect.stringMatching(/unsafe persistence: .*appendfsync/),
        });
      } finally {
        await app.close();
      }
    });
  });
});

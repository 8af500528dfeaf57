// The one lifecycle of console, exec and serve: adapters start in order and stop last-first, the
// mode's resources and the app close after them, and a start that fails half-way still closes all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app/create-app.js';
import { runLifecycle } from '../../../src/app/lifecycle.js';
import { loadConfig } from '../../../src/app/config/load.js';
import type { ChannelPoster, ChatAdapter } from '../../../src/core/index.js';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-lifecycle-'));
writeFileSync(join(dir, 'policy.yaml'), 'roles:\n  viewer: ["*"]\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real app on the embedded simulator, whose close and watch start are recorded in `events`. */
async function recordedApp(name: string, events: string[]): Promise<App> {
  const config = loadConfig({
    VPSOPS_DATA_DIR: join(dir, name),
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    LOG_LEVEL: 'silent',
  });
  const app = await createApp(config, { charts: null, tracker: null });
  return {
    ...app,
    async startWatching(posters: ChannelPoster[]) {
      events.push(`watching with ${posters.length} poster(s)`);
      return app.startWatching(posters);
    },
    async close() {
      events.push('app closed');
      await app.close();
    },
  };
}

/** An adapter that records its start and stop (and can refuse to start). */
function adapter(name: 'slack' | 'discord', events: string[], failStart = false): ChatAdapter {
  const poster: ChannelPoster = {
    platform: name,
    post: async (channelId) => ({ platform: name, channelId, id: 'm1' }),
    update: async () => undefined,
  };
  return {
    ...poster,
    platform: name,
    async start() {
      if (failStart) throw new Error(`${name} cannot start`);
      events.push(`${name} started`);
    },
    async stop() {
      events.push(`${name} stopped`);
    },
    channel: (id) => ({ id, post: (message) => poster.post(id, message), update: poster.update }),
    restore: () => null,
  };
}

describe('runLifecycle (console, exec and serve)', () => {
  it('starts adapters in order, recovers, watches, runs the mode, then stops last-first and closes everything', async () => {
    const events: string[] = [];
    const app = await recordedApp('order', events);
    const result = await runLifecycle({
      app,
      adapters: async () => [adapter('slack', events), adapter('discord', events)],
      recover: true,
      onStarted: () => events.push('ready'),
      until: async () => {
        events.push('mode ran');
        return 7;
      },
      closers: [async () => void events.push('http server closed')],
    });
    expect(result).toBe(7);
    expect(events).toEqual([
      'slack started',
      'discord started',
      'ready',
      'watching with 2 poster(s)',
      'mode ran',
      'discord stopped',
      'slack stopped',
      'http server closed',
      'app closed',
    ]);
  });

  it('an adapter that fails to start: those started are stopped, the app closed, the error reaches the caller', async () => {
    const events: string[] = [];
    const app = await recordedApp('failing', events);
    await expect(
      runLifecycle({
        app,
        adapters: async () => [adapter('slack', events), adapter('discord', events, true)],
        recover: true,
        until: async () => void events.push('mode ran'),
        closers: [async () => void events.push('http server closed')],
      }),
    ).rejects.toThrow('discord cannot start');
    expect(events).toEqual(['slack started', 'slack stopped', 'http server closed', 'app closed']);
  });

  it('exec: no adapters and no recovery, the mode runs and the app closes even when the mode throws', async () => {
    const events: string[] = [];
    const app = await recordedApp('exec', events);
    await expect(
      runLifecycle({
        app,
        until: async () => {
          events.push('mode ran');
          throw new Error('exec failed');
        },
      }),
    ).rejects.toThrow('exec failed');
    expect(events).toEqual(['mode ran', 'app closed']);
  });
});

// Watches that tell the truth (issue 22): a uuid the API does not know is refused, a watched server
// that disappears raises one "gone" alert, and alerts and `watches` name the server by hostname
// even when the watch was set by uuid. The simulator, the real bot runner and watch module, and a
// recording ChannelPoster.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Actor } from '../../src/core/ports.js';
import { silentLogger } from '../../src/logger.js';
import { renderText } from '../../src/render/text.js';
import type { Message } from '../../src/render/message.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching } from '../../src/watch/index.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { stopAll } from '../support/cleanup.js';

import { postLog } from '../support/recording-poster.js';
import { waitFor } from '../support/wait-for.js';

const OPS: Actor = { platform: 'slack', userId: 'U0OSCAR', displayName: 'oscar' };
const CHANNEL = 'C0ONCALL';
const WEB2 = SEED_IDS.instances.web2;

/** The bot with watches over the simulator; `say` types a command and returns what was answered. */
async function rig() {
  const sim = await startSimulator();
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-watch-truth-'));
  await writeFile(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPS.userId}]\n  viewer: ["*"]\n`);
  const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
  const store = createMemoryStore();
  const watching = createWatching({ api, store, intervalMs: 40, owner: 'r1' });
  const config = loadConfig({ VPSOPS_POLICY: join(dir, 'policy.yaml'), VPSOPS_DATA_DIR: join(dir, 'data') });
  const bot = await createCoreWithState(config, {
    api,
    store,
    commands: allCommands,
    watches: watching.service,
    logger: silentLogger(),
  });
  const log = postLog('slack');
  let seq = 0;
  const say = async (text: string): Promise<string> => {
    const said: Message[] = [];
    const keep = async (message: Message) => {
      said.push(message);
      return { platform: 'slack' as const, channelId: CHANNEL, id: `m${(seq += 1)}` };
    };
    await bot.dispatcher.dispatch(
      { id: `i${seq}`, platform: 'slack', actor: OPS, channelId: CHANNEL, input: { kind: 'text', text } },
      {
        reply: keep,
        update: async (_ref, m) => void said.push(m),
        announce: async (m) => void (await keep(m)),
      },
    );
    return said.map((m) => renderText(m)).join('\n');
  };
  const close = () =>
    stopAll(
      () => watching.stop(),
      () => bot.close(),
      () => sim.close(),
      () => rm(dir, { recursive: true, force: true }),
    );
  return { sim, store, watching, log, say, close };
}

describe('watches tell the truth', { timeout: 30_000 }, () => {
  it('refuses to watch a uuid the API does not know and stores nothing', async () => {
    const r = await rig();
    try {
      const unknown = '0e0e0e0e-0000-4000-8000-000000000000';
      const answer = await r.say(`watch ${unknown}`);
      expect(answer).toContain(`No instance ${unknown} on this account`);
      expect(answer).not.toMatch(/Watching/);
      expect(await r.say('watches')).toMatch(/No watches here/);
    } finally {
      await r.close();
    }
  });

  it('names a watch set by uuid by its hostname in the reply, in `watches` and in alerts (uuid in the footer)', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      r.sim.state.setStatus(WEB2, 'Error');
      const card = await waitFor(() => r.log.posts(/needs attention/)[0], 'the alert', 5_000);
      expect(card.message.title).toBe('web-2: needs attention');
      expect(renderText(card.message)).toContain(`uuid ${WEB2}`);
      expect(await r.say('watches')).toMatch(/web-2/);
      expect(await r.say('watches')).not.toContain(WEB2);
    } finally {
      await r.close();
    }
  });

  it('raises one "gone" alert named by hostname when the watched server disappears, and keeps the watch', async () => {
    const r = await rig();
    try {
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
      await r.watching.start([r.log.poster('r1')]);
      for (let i = 0; !/OK \(Running\)/.test(await r.say('watches')); i += 1) {
        if (i > 200) throw new Error('web-2 was never polled');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      r.sim.state.live.instances.delete(WEB2);
      const gone = await waitFor(() => r.log.posts(/is gone/)[0], 'the gone alert', 5_000);
      expect(gone.message.title).toBe('web-2 is gone (the API no longer knows it)');
      // Several more polls: still one alert, no edits or reminders, and the watch is kept.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(r.log.posts(/is gone/)).toHaveLength(1);
      const list = await r.say('watches');
      expect(list).toMatch(/web-2/);
      expect(list).toMatch(/Gone \(the API no longer knows it\)/);
      expect(list).not.toMatch(/OK \(Running\)/);
      expect(await r.say(`unwatch ${WEB2}`)).toMatch(/No longer watching web-2/);
    } finally {
      await r.close();
    }
  });
});

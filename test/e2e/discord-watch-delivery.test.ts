// Alerts the bot cannot post are never silent (issue 22), on Discord: `watch` refuses a channel the
// bot cannot read (403), and an alert refused with 403 is retried, counted in
// vpsops_alert_delivery_failures_total{platform="discord",reason="missing_access"} and told to the
// person who set the watch in a direct message. The Discord poster over REST, fake Discord, simulator.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST } from 'discord.js';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { discordChannelPoster } from '../../adapters/discord/channel-poster.js';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Actor } from '../../src/core/ports.js';
import { silentLogger } from '../../src/logger.js';
import { createAlertMetrics } from '../../src/observability/alert-metrics.js';
import type { Message } from '../../src/render/message.js';
import { renderText } from '../../src/render/text.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching } from '../../src/watch/index.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { stopAll } from '../support/cleanup.js';
import { startFakeDiscord } from '../support/fake-discord.js';
import { DISCORD_USERS } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
const HIDDEN = '222000000000000001';
const json = (value: unknown): string => JSON.stringify(value);

describe('alert delivery on Discord', { timeout: 60_000 }, () => {
  it('refuses to watch where it cannot post, and retries, counts and tells the owner privately about an alert it could not post', async () => {
    const sim = await startSimulator();
    const discord = await startFakeDiscord();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-discord-delivery-'));
    const closers: (() => Promise<void>)[] = [];
    try {
      const ops = DISCORD_USERS.operator;
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [discord:${ops.id}]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const store = createMemoryStore();
      const registry = new Registry();
      const watching = createWatching({
        api,
        store,
        intervalMs: 40,
        owner: 'r1',
        retryDelaysMs: [10, 20],
        metrics: createAlertMetrics(registry),
      });
      const config = loadConfig({
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        VPSOPS_DATA_DIR: join(dir, 'data'),
      });
      const bot = await createCoreWithState(config, {
        api,
        store,
        commands: allCommands,
        watches: watching.service,
        logger: silentLogger(),
      });
      closers.push(
        () => watching.stop(),
        () => bot.close(),
      );
      const rest = new REST({ api: discord.apiUrl, retries: 0 }).setToken(discord.botToken);
      await watching.start([discordChannelPoster(() => rest)]);
      const actor: Actor = { platform: 'discord', userId: ops.id, displayName: ops.username };
      let seq = 0;
      const say = async (text: string, channelId: string): Promise<string> => {
        const said: Message[] = [];
        const keep = async (m: Message) => {
          said.push(m);
          return { platform: 'discord' as const, channelId, id: `m${(seq += 1)}` };
        };
        await bot.dispatcher.dispatch(
          { id: `i${(seq += 1)}`, platform: 'discord', actor, channelId, input: { kind: 'text', text } },
          {
            reply: keep,
            update: async (_ref, m) => void said.push(m),
            announce: async (m) => void (await keep(m)),
          },
        );
        return said.map((m) => renderText(m)).join('\n');
      };

      // A channel the bot cannot see: refused, nothing stored.
      discord.failNext({
        method: 'GET',
        path: new RegExp(`^/channels/${HIDDEN}$`),
        status: 403,
        body: { message: 'Missing Access', code: 50001 },
      });
      expect(await say('watch web-1', HIDDEN)).toMatch(
        /cannot post alerts in this channel[\s\S]*Send Messages/,
      );
      expect(await watching.service.list('discord', HIDDEN)).toEqual([]);

      // Watched from the ops channel; then the bot loses the right to post there and web-1 fails.
      const channel = discord.world.channelId;
      expect(await say('watch web-1', channel)).toMatch(/Watching web-1/);
      discord.failNext({
        method: 'POST',
        path: new RegExp(`^/channels/${channel}/messages$`),
        status: 403,
        body: { message: 'Missing Permissions', code: 50013 },
        times: 1_000,
      });
      sim.state.setStatus(WEB1, 'Error');
      const dm = await waitFor(
        () =>
          [...discord.store.messages.values()].find(
            (m) => m.channelId === `9${ops.id}` && json(m).includes('could not post an alert'),
          ),
        'the direct message to the watch owner',
      );
      expect(json(dm)).toMatch(/web-1/);
      const text = await registry.metrics();
      expect(text).toMatch(
        /vpsops_alert_delivery_failures_total\{platform="discord",reason="missing_access"\} [1-9]/,
      );
      expect(text).toContain('vpsops_alerts_total{kind="status"} 0');
    } finally {
      await stopAll(
        ...closers,
        () => discord.close(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });
});

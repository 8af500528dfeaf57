// Watches on Discord end to end: the real discord.js adapter against the fake Discord, and a second
// replica on the same real Redis that posts through REST with the bot token. One channel
// message per incident, edited in place; Acknowledge from an operator; the recovery notice.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { stopAll } from '../support/cleanup.js';
import { discordChannelPoster } from '../../adapters/discord/channel-poster.js';
import { createDiscordAdapter, type DiscordAdapter } from '../../adapters/discord/index.js';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Core } from '../../src/core/create-core.js';
import { silentLogger } from '../../src/logger.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import type { BotStore } from '../../src/core/store.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching, type Watching } from '../../src/watch/index.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { startRedisServer } from '../support/redis-server.js';
import { startFakeDiscord } from '../support/fake-discord.js';
import type { StoredMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';
import { TEST_PACING } from '../support/watch-rig.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
const json = (value: unknown): string => JSON.stringify(value);

describe.concurrent('watches on Discord with two replicas', { timeout: 90_000 }, () => {
  it('posts one alert message per incident, edits it, takes Acknowledge, and posts the recovery', async () => {
    const sim = await startSimulator();
    const discord = await startFakeDiscord();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-discord-watch-'));
    const redis = await startRedisServer();
    const stores: BotStore[] = [];
    const connect = async (): Promise<BotStore> => {
      const store = await openRedisStore({ url: redis.url, prefix: 'e2e-watch:' });
      stores.push(store);
      return store;
    };
    const closers: (() => Promise<void>)[] = [];
    try {
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [discord:${DISCORD_USERS.operator.id}]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const replica = async (name: string): Promise<{ bot: Core; watching: Watching }> => {
        const store = await connect();
        const config = loadConfig({
          VPSOPS_POLICY: join(dir, 'policy.yaml'),
          VPSOPS_DATA_DIR: join(dir, name),
        });
        const watching = createWatching({ api, store, intervalMs: 40, owner: name, pacing: TEST_PACING });
        const bot = await createCoreWithState(config, {
          api,
          store,
          commands: allCommands,
          watches: watching.service,
          logger: silentLogger(),
        });
        closers.push(async () => {
          await watching.stop();
          await bot.close();
        });
        return { bot, watching };
      };
      const a = await replica('a');
      const adapter: DiscordAdapter = createDiscordAdapter({
        token: discord.botToken,
        applicationId: discord.world.applicationId,
        apiUrl: discord.apiUrl,
      });
      await adapter.start(a.bot.dispatcher);
      closers.push(() => adapter.stop());
      await a.watching.start([adapter]);
      const b = await replica('b');
      const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
      await b.watching.start([discordChannelPoster(() => rest)]);

      const channel = (): StoredMessage[] =>
        [...discord.store.messages.values()].filter(
          (m) => m.channelId === discord.world.channelId && !m.deleted,
        );
      const alerts = (needle: string) => channel().filter((m) => discordView(m).text.includes(needle));

      discord.slash(DISCORD_USERS.operator, ['watch'], { instance: 'web-1', cpu: 80 });
      await waitFor(
        () => channel().some((m) => discordView(m).text.includes('Watching web-1')),
        'the watch reply',
      );

      sim.state.setStatus(WEB1, 'Error');
      const card = await waitFor(() => alerts('needs attention')[0], 'the alert');
      // Polls go on: the card is not posted again, nor edited more than once per 2 s (TEST_PACING).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(alerts('needs attention')).toHaveLength(1);
      expect(discord.store.messages.get(card.id)?.edits ?? 0).toBeLessThanOrEqual(1);

      // The card's menu: Metrics and Silence 1 h in a select menu; choosing Metrics runs it for the chooser.
      const menu = discordView(card).controls.find((c) => c.customId === 'vps:menu');
      expect(menu?.options?.map((o) => o.value)).toEqual([`instance metrics ${WEB1}`, `silence ${WEB1} 1h`]);
      const choice = discord.select(DISCORD_USERS.operator, card.id, 'vps:menu', [
        `instance metrics ${WEB1}`,
      ]);
      await waitFor(
        () =>
          discord.calls.find(
            (c) => c.path.includes(choice.token) && c.method === 'PATCH' && json(c.body).includes('web-1'),
          ),
        'the metrics chosen in the menu',
        20_000,
      );

      const ack = (json(card.components).match(/vps:run:alert ack [A-Za-z0-9_-]+ status/) ?? [])[0];
      expect(ack).toBeDefined();
      discord.click(DISCORD_USERS.operator, card.id, ack!);
      await waitFor(
        () => discordView(discord.store.messages.get(card.id)).text.includes('Acknowledged by'),
        'the acknowledged card',
        20_000, // edits of one card are paced: at most one per 2 s
      );
      // A mention of who acknowledged, shown where Discord renders it; no channel post may ping anyone.
      expect(discordView(discord.store.messages.get(card.id)).text).toContain(
        `Acknowledged by <@${DISCORD_USERS.operator.id}>`,
      );
      const posts = discord.calls.filter(
        (c) => /^\/channels\/[^/]+\/messages/.test(c.path) && c.method !== 'GET',
      );
      expect(posts.length).toBeGreaterThan(0);
      for (const post of posts) expect(post.body).toMatchObject({ allowed_mentions: { parse: [] } });

      sim.state.setStatus(WEB1, 'Running');
      await waitFor(
        () => channel().some((m) => json(m).includes('recovered after')),
        'the recovery notice',
        20_000,
      );
      expect(discordView(discord.store.messages.get(card.id)).text).toMatch(/recovered/);

      sim.state.setCpuLoad(WEB1, 97);
      await waitFor(() => alerts('CPU above threshold')[0], 'the CPU alert');
      await new Promise((r) => setTimeout(r, 200));
      expect(alerts('CPU above threshold')).toHaveLength(1);
    } finally {
      // Redis (a child process) stops even when a closer or the fake Discord's close throws.
      await stopAll(
        ...closers.reverse(),
        () => discord.close(),
        ...stores.map((store) => () => store.close().catch(() => undefined)),
        () => redis.stop(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });

  it('reminds about an unacknowledged alert, pinging the channel’s on-call role and nothing else', async () => {
    const ROLE = '998877665544332211';
    const sim = await startSimulator();
    const discord = await startFakeDiscord();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-discord-remind-'));
    const store = createMemoryStore();
    const closers: (() => Promise<void>)[] = [];
    try {
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [discord:${DISCORD_USERS.operator.id}]\noncall:\n  discord:${discord.world.channelId}: "${ROLE}"\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const config = loadConfig({ VPSOPS_POLICY: join(dir, 'policy.yaml'), VPSOPS_DATA_DIR: dir });
      const watching = createWatching({
        api,
        store,
        intervalMs: 40,
        pacing: TEST_PACING,
        renotifyMs: 600,
        // Asked only once polling runs, after the bot below exists.
        oncall: (platform, channelId) => bot.policy.oncall(platform, channelId),
      });
      const bot: Core = await createCoreWithState(config, {
        api,
        store,
        commands: allCommands,
        watches: watching.service,
        logger: silentLogger(),
      });
      closers.push(async () => {
        await watching.stop();
        await bot.close();
      });
      const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
      await watching.start([discordChannelPoster(() => rest)]);
      await watching.service.set(
        'discord',
        discord.world.channelId,
        { instance: { uuid: WEB1, label: 'web-1' } },
        { platform: 'discord', userId: DISCORD_USERS.operator.id, displayName: 'oscar' },
      );
      sim.state.setStatus(WEB1, 'Error');
      const posts = () =>
        discord.calls.filter((c) => /^\/channels\/[^/]+\/messages$/.test(c.path) && c.method === 'POST');
      const reminder = await waitFor(
        () => posts().find((c) => json(c.body).includes('not acknowledged yet')),
        'the reminder',
        20_000, // a poll waits for its paced card edit (one per 2 s) before it reminds
      );
      expect(reminder.body).toMatchObject({
        content: expect.stringContaining(`<@&${ROLE}>`),
        allowed_mentions: { parse: [], roles: [ROLE] },
      });
      // The alert card itself pings nobody.
      const card = posts().find(
        (c) => json(c.body).includes('needs attention') && !json(c.body).includes('not acknowledged'),
      );
      expect(card?.body).toMatchObject({ allowed_mentions: { parse: [] } });
      expect(json(card?.body)).not.toContain('roles');
    } finally {
      await stopAll(
        ...closers.reverse(),
        () => discord.close(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });
});

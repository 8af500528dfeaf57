// The channel's live status card (`status --live`) end to end on both platforms and both shared
// stores, with two replicas: posted and pinned through the real channel posters against the fake
// Slack / Discord, edited in place as an incident opens and recovers (at most one edit per interval),
// kept by the replica that remains when the other is restarted, re-posted and re-pinned when Discord
// refuses an old message's edit (30046), and unpinned by `status --live off`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebClient } from '@slack/web-api';
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordChannelPoster } from '../../adapters/discord/channel-poster.js';
import { slackChannelPoster } from '../../adapters/slack/channel-poster.js';
import { SlackOutbox } from '../../adapters/slack/outbox.js';
import { allCommands } from '../../commands/index.js';
import { createHostingApi, type HostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Core } from '../../src/core/create-core.js';
import type { Actor, ChannelPoster, MessageRef } from '../../src/core/index.js';
import type { BotStore } from '../../src/core/store.js';
import { silentLogger } from '../../src/logger.js';
import type { Message } from '../../src/render/message.js';
import { renderText } from '../../src/render/text.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { createWatching, type Watching } from '../../src/watch/index.js';
import { stopAll } from '../support/cleanup.js';
import { createCoreWithState } from '../support/core-with-state.js';
import { editLimited, startFakeDiscord } from '../support/fake-discord.js';
import { FakeSlack } from '../support/fake-slack.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';
import { QUICK_PACING } from '../support/watch-rig.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
/** The live card's edit interval (the product's is 10 s), injected as createWatching's setting. */
const LIVE_EDIT_MS = 100;

/** One platform as the test sees it: its real poster on the fake, and the fake's channel. */
interface Side {
  actor: Actor;
  channelId: string;
  poster(): ChannelPoster;
  /** The live cards in the channel (title "This channel, live…"), oldest first. */
  cards(): { id: string; text: string; pinned: boolean; edits: number }[];
  refuseNextEdit?(id: string): void;
  close(): Promise<void>;
}

async function slackSide(): Promise<Side> {
  const slack = await new FakeSlack().start();
  const client = new WebClient(slack.botToken, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
  const channelId = 'C0LIVE';
  return {
    actor: { platform: 'slack', userId: 'U0OPS', displayName: 'oscar' },
    channelId,
    poster: () => slackChannelPoster(() => new SlackOutbox(client, createMemoryStore().ephemeral)),
    cards: () =>
      slack
        .channelMessages(channelId)
        .map((m) => ({ id: m.ts, text: JSON.stringify(m.blocks), pinned: m.pinned === true, edits: m.edits }))
        .filter((m) => m.text.includes('This channel, live')),
    close: () => slack.close(),
  };
}

async function discordSide(): Promise<Side> {
  const discord = await startFakeDiscord();
  const rest = new REST({ api: discord.apiUrl, retries: 0 }).setToken(discord.botToken);
  const channelId = discord.world.channelId;
  return {
    actor: { platform: 'discord', userId: '200000000000000001', displayName: 'oscar' },
    channelId,
    poster: () => discordChannelPoster(() => rest),
    cards: () =>
      [...discord.store.messages.values()]
        .filter((m) => m.channelId === channelId && !m.deleted)
        .map((m) => ({ id: m.id, text: discordView(m).text, pinned: m.pinned === true, edits: m.edits }))
        .filter((m) => m.text.includes('This channel, live')),
    refuseNextEdit: (id) => discord.failNext(editLimited(new RegExp(`/messages/${id}$`))),
    close: () => discord.close(),
  };
}

/** One Redis server for the file; each platform's case keeps to its own prefix. */
let redis: TestRedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

async function storeFactory(kind: 'embedded' | 'redis', dir: string, platform: string) {
  if (kind === 'embedded') {
    // One process owns an embedded data dir: both replicas of this process share the one store.
    const store = await openEmbeddedStore(join(dir, 'state'));
    return { open: async () => store, close: () => store.close() };
  }
  const opened: BotStore[] = [];
  return {
    open: async () => {
      const store = await openRedisStore({ url: redis.url, prefix: `e2e-live-${platform}:` });
      opened.push(store);
      return store;
    },
    close: async () => {
      await Promise.all(opened.map((s) => s.close()));
    },
  };
}

/** One replica: watches (with the live-card updater) and the core on the shared store. */
async function replica(name: string, api: HostingApi, store: BotStore, dir: string, side: Side) {
  const config = loadConfig({ VPSOPS_POLICY: join(dir, 'policy.yaml'), VPSOPS_DATA_DIR: join(dir, name) });
  const watching: Watching = createWatching({
    api,
    store,
    intervalMs: 40,
    owner: name,
    pacing: QUICK_PACING,
    leaseTtlMs: 900,
    liveEditIntervalMs: LIVE_EDIT_MS,
  });
  const bot: Core = await createCoreWithState(config, {
    api,
    store,
    commands: allCommands,
    watches: watching.service,
    logger: silentLogger(),
  });
  await watching.start([side.poster()]);
  return {
    bot,
    async close() {
      await watching.stop();
      await bot.close();
    },
  };
}

async function say(bot: Core, side: Side, text: string): Promise<string> {
  const said: Message[] = [];
  const ref: MessageRef = { platform: side.actor.platform, channelId: side.channelId, id: 'reply' };
  await bot.dispatcher.dispatch(
    {
      id: `i${Math.random()}`,
      platform: side.actor.platform,
      actor: side.actor,
      channelId: side.channelId,
      input: { kind: 'text', text },
    },
    { reply: async (m) => (said.push(m), ref), update: async (_r, m) => void said.push(m) },
  );
  return said.map((m) => renderText(m)).join('\n');
}

const cases = [
  ['slack', 'embedded'],
  ['slack', 'redis'],
  ['discord', 'embedded'],
  ['discord', 'redis'],
] as const;

describe('the live status card', { timeout: 90_000 }, () => {
  it.each(cases)('on %s with the %s store and two replicas', async (platform, kind) => {
    const sim = await startSimulator();
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-live-'));
    const side = platform === 'slack' ? await slackSide() : await discordSide();
    const stores = await storeFactory(kind, dir, platform);
    const replicas: { close(): Promise<void> }[] = [];
    try {
      await writeFile(
        join(dir, 'policy.yaml'),
        `roles:\n  operator: [${platform}:${side.actor.userId}]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\n`,
      );
      const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2_000 });
      const a = await replica('a', api, await stores.open(), dir, side);
      replicas.push(a);
      let b = await replica('b', api, await stores.open(), dir, side);
      replicas.push(b);
      expect(await say(a.bot, side, 'watch web-1')).toMatch(/Watching web-1/);

      expect(await say(a.bot, side, 'status --live')).toMatch(/posted and pinned/);
      // Asked again on the other replica: the channel keeps its one card.
      expect(await say(b.bot, side, 'status --live')).toMatch(/already has a live status card/);
      const [first] = side.cards();
      expect(side.cards()).toHaveLength(1);
      expect(first?.pinned).toBe(true);
      expect(first?.text).toMatch(/all quiet/);

      sim.state.setStatus(WEB1, 'Error');
      await waitFor(() => /web-1/.test(side.cards()[0]?.text ?? ''), 'the card showing the incident', 20_000);
      expect(side.cards()).toHaveLength(1);
      expect(side.cards()[0]?.id).toBe(first?.id);

      // A replica restart: the card lives in the store, kept by whichever replica holds the lease.
      await b.close();
      replicas.splice(replicas.indexOf(b), 1);
      b = await replica('b2', api, await stores.open(), dir, side);
      replicas.push(b);
      await a.close();
      replicas.splice(replicas.indexOf(a), 1);

      if (side.refuseNextEdit) {
        // Discord refuses the old card's edit (30046): a new card is posted and pinned, the old one unpinned.
        side.refuseNextEdit(first!.id);
        sim.state.setStatus(WEB1, 'Running');
        await waitFor(() => side.cards().length === 2, 'the re-posted card', 20_000);
        const [old, fresh] = side.cards();
        await waitFor(() => side.cards()[0]?.pinned === false, 'the old card unpinned');
        expect(old?.id).toBe(first?.id);
        expect(side.cards()[1]?.pinned).toBe(true);
        expect(fresh?.text).toMatch(/all quiet/);
      } else {
        sim.state.setStatus(WEB1, 'Running');
        await waitFor(() => /all quiet/.test(side.cards()[0]?.text ?? ''), 'the recovered card', 20_000);
        expect(side.cards()).toHaveLength(1);
      }
      const live = side.cards().at(-1)!;
      // Edits are coalesced: the card changed twice (incident, recovery) in far fewer edits than polls.
      expect(side.cards()[0]!.edits).toBeLessThanOrEqual(3);

      expect(await say(b.bot, side, 'status --live off')).toMatch(/unpinned/);
      await waitFor(() => side.cards().every((c) => !c.pinned), 'the card unpinned');
      const editsAtOff = side.cards().at(-1)!.edits;
      sim.state.setStatus(WEB1, 'Error');
      await new Promise((resolve) => setTimeout(resolve, LIVE_EDIT_MS * 3));
      expect(side.cards().at(-1)!.edits).toBe(editsAtOff);
      expect(side.cards().at(-1)!.id).toBe(live.id);
      expect(await say(b.bot, side, 'status --live off')).toMatch(/no live status card/);
    } finally {
      await stopAll(
        ...replicas.map((r) => () => r.close()),
        () => stores.close(),
        () => side.close(),
        () => sim.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
    }
  });
});

// Discord across two `vpsops serve` replicas on one Redis. HTTP interactions mode: the test plays
// Discord and POSTs signed interactions to either replica; a Confirm clicked on both at once runs
// once. Sharded gateway mode: each shard is identified once, and when the replica holding the
// guild's shard is killed the other identifies it once its lease (VPSOPS_LEASE_TTL_SECONDS) lapses
// and answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';

import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { startServeReplicas, type ServeReplica } from '../support/serve-replica.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const USER = { id: '100000000000000001', username: 'dora' };
const WEB1 = SEED_IDS.instances.web1;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-discord-replicas-'));
let sim: SimulatorHandle;
let redis: TestRedisServer;

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [discord:${USER.id}]\n  viewer: ["*"]\n`);
  sim = await startSimulator({ timing: { stopMs: 0 } });
  redis = await startRedisServer();
});

afterAll(async () => {
  await redis?.stop();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

function baseEnv(discord: FakeDiscord, prefix: string): Record<string, string> {
  return {
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: sim.url,
    HOSTING_API_KEY: sim.apiKey,
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.world.applicationId,
    DISCORD_API_URL: discord.apiUrl,
    REDIS_URL: redis.url,
    VPSOPS_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'info',
  };
}

function answered(discord: FakeDiscord, i: StoredInteraction, what: string): Promise<StoredMessage> {
  return waitFor(
    () => {
      const m = i.originalId ? discord.store.messages.get(i.originalId) : undefined;
      return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
    },
    what,
    20_000,
  );
}

describe.concurrent('Discord HTTP interactions on two replicas', { timeout: 120_000 }, () => {
  it('verifies signatures, answers on either replica and confirms once when both get the click', async () => {
    const discord = await startFakeDiscord();
    const replicas: ServeReplica[] = [];
    try {
      const env = { ...baseEnv(discord, 'http-e2e:'), DISCORD_PUBLIC_KEY: discord.publicKeyHex };
      replicas.push(...(await startServeReplicas(['a', 'b'], dir, env)));
      const [a, b] = replicas.map((r) => `http://127.0.0.1:${r.port}/discord/interactions`) as [
        string,
        string,
      ];

      for (const url of [a, b])
        expect(await discord.http.ping(url)).toMatchObject({ status: 200, body: { type: 1 } });
      expect((await discord.http.ping(a, { signature: 'none' })).status).toBe(401);
      expect((await discord.http.ping(b, { signature: 'forged' })).status).toBe(401);
      expect((await discord.http.ping(a, { skewSeconds: -600 })).status).toBe(401);

      const show = await discord.http.slash(a, USER, ['instance', 'show'], { instance: WEB1 });
      expect(show.body).toMatchObject({ type: 5 });
      expect(discordView(await answered(discord, show.interaction, 'the show reply'))).toMatchObject({
        title: 'web-1',
      });

      const preview = await discord.http.slash(b, USER, ['instance', 'stop'], { instance: WEB1 });
      const card = await answered(discord, preview.interaction, 'the preview card');
      const confirm = customIds(card).find((id) => id.startsWith('vps:confirm:')) ?? '';
      expect(sim.countRequests('instance.stop')).toBe(0);
      // The card is visible a moment before its replica has stored its ref with the confirmation
      // (people click seconds later): give it that moment, so the final state edits the card.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const editsBefore = card.edits;
      const clicks = await Promise.all([
        discord.http.click(a, USER, card.id, confirm),
        discord.http.click(b, USER, card.id, confirm),
      ]);
      expect(clicks.map((c) => c.status)).toEqual([200, 200]);
      await waitFor(() => customIds(card).length === 0, 'the card to lose its buttons', 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sim.countRequests('instance.stop')).toBe(1);
      expect(card.edits - editsBefore).toBe(1);
      expect(discordView(card).text).toContain(`Confirmed by <@${USER.id}>`);
      // No gateway session in this mode.
      expect(discord.identifies.size).toBe(0);
      for (const r of replicas) expect(r.stderr()).not.toContain(discord.botToken);
    } finally {
      for (const r of replicas) await r.stop();
      await discord.close();
    }
  });
});

describe.concurrent('Discord sharded gateway on two replicas', { timeout: 150_000 }, () => {
  it('identifies each shard once, and the standby takes a killed holder’s shard over within its lease of 3 s and a round', async () => {
    const discord = await startFakeDiscord({ recommendedShards: 2 });
    const replicas: ServeReplica[] = [];
    try {
      // Shard leases of 3 s instead of 15 s: free shards are looked for every second, so the
      // takeover is seconds away, not 20; the pause still spans two rounds of every replica.
      const env = { ...baseEnv(discord, 'shard-e2e:'), VPSOPS_LEASE_TTL_SECONDS: '3' };
      replicas.push(...(await startServeReplicas(['a', 'b'], dir, env)));
      await waitFor(() => discord.identifies.size === 2, 'both shards identified', 30_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect([...discord.identifies.entries()].sort()).toEqual([
        [0, 1],
        [1, 1],
      ]);

      // The fake guild lives on shard 1 of 2 ((guild_id >> 22) % 2).
      const holds = (r: ServeReplica) =>
        r
          .stderr()
          .split('\n')
          .some((line) => line.includes('holding shard') && line.includes('"shard":1'));
      const holder = replicas.find(holds);
      const standby = replicas.find((r) => r !== holder);
      if (!holder || !standby) throw new Error('no replica says it holds shard 1');
      const before = discord.slash(USER, ['instance', 'show'], { instance: WEB1 });
      await answered(discord, before, 'an answer from the holder');

      holder.child.kill('SIGKILL');
      await holder.exit;
      // Well under the default 15 s lease: the takeover follows VPSOPS_LEASE_TTL_SECONDS.
      await waitFor(() => discord.identifies.get(1) === 2, 'the standby to identify shard 1', 12_000);
      const after = discord.slash(USER, ['instance', 'show'], { instance: WEB1 });
      expect(discordView(await answered(discord, after, 'an answer from the standby'))).toMatchObject({
        title: 'web-1',
      });
    } finally {
      for (const r of replicas) await r.stop();
      await discord.close();
    }
  });
});

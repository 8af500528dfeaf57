// `vpsops serve` over Discord across a restart: one process confirms a delete and starts following
// it, is stopped with SIGTERM before the instance is gone, and a second process over the same data
// dir resumes the operation and edits the card (with the bot token) to say the instance was deleted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';

import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const USER = { id: '100000000000000001', username: 'dora' };
const WEB2 = SEED_IDS.instances.web2;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-serve-resume-'));
let sim: SimulatorHandle;
let discord: FakeDiscord;
const replicas: ServeReplica[] = [];

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [discord:${USER.id}]\n  viewer: ["*"]\n`);
  sim = await startSimulator({ timing: { terminateMs: 1_000 } });
  discord = await startFakeDiscord();
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await discord.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `vpsops serve` against the fake Discord and the external simulator; resolves once serving. */
async function serve(pollMs: number): Promise<ServeReplica> {
  const env: Record<string, string> = {
    VPSOPS_DATA_DIR: join(dir, 'data'),
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: sim.url,
    HOSTING_API_KEY: sim.apiKey,
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.world.applicationId,
    DISCORD_API_URL: discord.apiUrl,
    VPSOPS_TRACK_POLL_MIN_MS: String(pollMs),
    VPSOPS_TRACK_POLL_MAX_MS: String(pollMs),
    LOG_LEVEL: 'info',
  };
  const replica = await startServeReplica('resume', dir, env);
  replicas.push(replica);
  return replica;
}

describe('vpsops serve across a restart', { timeout: 120_000 }, () => {
  it('resumes a followed delete after a restart and edits the card to say the instance was deleted', async () => {
    const first = await serve(60_000);
    const slash = discord.slash(USER, ['instance', 'delete'], { instance: WEB2 });
    const card = await waitFor(
      () => {
        const m = slash.originalId ? discord.store.messages.get(slash.originalId) : undefined;
        return m && customIds(m).length > 0 ? m : undefined;
      },
      'the preview card',
      25_000,
    );
    const confirm = customIds(card).find((id) => id.startsWith('vps:typed-confirm:')) ?? '';
    const token = confirm.slice(confirm.lastIndexOf(':') + 1);
    const click = discord.click(USER, card.id, confirm);
    await waitFor(() => click.modal, 'the hostname modal', 25_000);
    discord.submitModal(USER, card.id, `vps:typed:${token}`, { typed: 'web-2' });
    await waitFor(
      () => sim.countRequests('instance.delete') === 1 && customIds(card).length === 0,
      'the confirmed delete',
      25_000,
    );
    // The first process polls only once a minute: it is stopped with the operation unfinished.
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(discordView(card).text).not.toContain('web-2 deleted');

    discord.expireTokens();
    const second = await serve(100);
    await waitFor(
      () => discordView(card).text.includes('web-2 deleted'),
      'the resumed card to say deleted',
      30_000,
    );
    expect(discordView(card).text).toMatch(/web-2 deleted — done in \d+ s/);
    expect(card.lastEditBy).toBe('bot');
    expect(second.stderr()).toMatch(/resumed tracked operations/);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
    expect(first.stderr() + second.stderr()).not.toContain(discord.botToken);
  });
});

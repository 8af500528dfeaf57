// A crash during a confirmed call: `vpsops serve` (Discord) confirms a stop, the simulator holds the
// request unanswered, and the process is killed with SIGKILL. The audit log already holds the
// write-ahead `calling` record; the next start closes it as unknown (interrupted) and edits the
// card (with the bot token) to say so, with no buttons left.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/core/command.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';

import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const USER = { id: '100000000000000001', username: 'dora' };
const WEB1 = SEED_IDS.instances.web1;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-serve-crash-'));
const dataDir = join(dir, 'data');
let sim: SimulatorHandle;
let discord: FakeDiscord;
const replicas: ServeReplica[] = [];

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [discord:${USER.id}]\n  viewer: ["*"]\n`);
  sim = await startSimulator();
  discord = await startFakeDiscord();
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await discord.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `vpsops serve` against the fake Discord and the external simulator; resolves once serving. */
async function serve(): Promise<ServeReplica> {
  const env: Record<string, string> = {
    VPSOPS_DATA_DIR: dataDir,
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: sim.url,
    HOSTING_API_KEY: sim.apiKey,
    // The held call must outlive the kill; the next start may close any record (a single replica here).
    HOSTING_API_TIMEOUT_MS: '60000',
    VPSOPS_INTERRUPTED_AFTER_MS: '0',
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.world.applicationId,
    DISCORD_API_URL: discord.apiUrl,
    LOG_LEVEL: 'info',
  };
  const replica = await startServeReplica('crash', dir, env);
  replicas.push(replica);
  return replica;
}

const auditRecords = (): AuditRecord[] =>
  readFileSync(join(dataDir, 'audit.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditRecord);

describe('vpsops serve killed during a confirmed call', { timeout: 120_000 }, () => {
  it('closes the call as unknown (interrupted) at the next start and takes the buttons off the card', async () => {
    sim.faults.inject({ endpoint: 'instance.stop', kind: 'hang', applied: true, times: 1 });
    const first = await serve();
    const slash = discord.slash(USER, ['instance', 'stop'], { instance: WEB1 });
    const card = await waitFor(
      () => {
        const m = slash.originalId ? discord.store.messages.get(slash.originalId) : undefined;
        return m && customIds(m).length > 0 ? m : undefined;
      },
      'the preview card',
      25_000,
    );
    const confirm = customIds(card).find((id) => id.startsWith('vps:confirm:')) ?? '';
    discord.click(USER, card.id, confirm);
    // The simulator holds the stop: arrived, never answered.
    await waitFor(
      () => sim.requests().some((r) => r.endpoint === 'instance.stop' && r.status === 0),
      'the held stop request',
      25_000,
    );
    const calling = auditRecords().filter((r) => r.result === 'calling');
    expect(calling).toHaveLength(1);
    expect(calling[0]).toMatchObject({ command: 'instance stop', confirmation: 'confirmed' });
    first.child.kill('SIGKILL');
    await first.exit;
    expect(customIds(card).length).toBeGreaterThan(0);

    discord.expireTokens();
    const second = await serve();
    await waitFor(() => customIds(card).length === 0, 'the card without buttons', 30_000);
    expect(discordView(card).text).toContain('Outcome unknown (interrupted)');
    expect(discordView(card).text).toContain('may or may not have happened');
    expect(discordView(card).text).toContain('instance show web-1');
    expect(card.lastEditBy).toBe('bot');
    const closing = auditRecords().filter((r) => r.callId === calling[0]!.callId && r.result !== 'calling');
    expect(closing).toHaveLength(1);
    expect(closing[0]).toMatchObject({ result: 'unknown', interrupted: true, command: 'instance stop' });
    // The stop went out exactly once; nothing repeated it.
    expect(sim.countRequests('instance.stop')).toBe(1);

    // `audit` lists it as unknown (interrupted), not as calling.
    const audit = discord.slash(USER, ['audit'], {});
    const listing = await waitFor(
      () => {
        const m = audit.originalId ? discord.store.messages.get(audit.originalId) : undefined;
        return m && discordView(m).text.includes('instance stop') ? m : undefined;
      },
      'the audit listing',
      25_000,
    );
    expect(discordView(listing).text).toContain('unknown (interrupted)');
    expect(discordView(listing).text).not.toMatch(/\bcalling\b/);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });
});

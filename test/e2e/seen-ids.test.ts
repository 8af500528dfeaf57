// Snapshot, backup, network and IP ids the bot has seen in API results are offered back: Discord
// autocomplete (real discord.js against the fake Discord), console Tab completion (the real console
// on the embedded simulator), and "did you mean …" when an id is malformed or unknown.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { StoredInteraction } from '../support/fake-discord-store.js';
import { startConsoleSession, type ConsoleSession } from '../support/console-session.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const { web1Daily, web1PreDeploy } = SEED_IDS.snapshots;
const { backend, edge } = SEED_IDS.networks;

let world: DiscordWorld | undefined;
let session: ConsoleSession | undefined;
afterEach(async () => {
  await world?.close();
  await session?.close();
  world = undefined;
  session = undefined;
});

/** Resolves once the interaction's deferred reply was edited into the answer. */
async function answered(i: StoredInteraction): Promise<void> {
  await waitFor(() => {
    const m = i.originalId ? world?.discord.store.messages.get(i.originalId) : undefined;
    return m && m.edits > 0 && discordView(m).text !== '';
  }, 'the answer');
}

describe('Discord autocomplete of seen ids', { timeout: 60_000 }, () => {
  it('offers nothing before the ids were listed, then the snapshot and network ids the API returned', async () => {
    world = await startDiscordWorld();
    const discord = world.discord;
    const complete = async (path: string[], options: Record<string, string>, focused: string) => {
      const i = discord.autocomplete(DISCORD_USERS.operator, path, options, focused);
      return waitFor(() => i.choices, 'the choices');
    };
    expect(
      await complete(['snapshot', 'rollback'], { instance: 'web-1', 'snapshot-uuid': '' }, 'snapshot-uuid'),
    ).toEqual([]);

    await answered(discord.slash(DISCORD_USERS.operator, ['snapshot', 'list'], { instance: 'web-1' }));
    const snapshots = await complete(
      ['snapshot', 'rollback'],
      { instance: 'web-1', 'snapshot-uuid': '' },
      'snapshot-uuid',
    );
    expect(snapshots.map((c) => c.value).sort()).toEqual([web1Daily, web1PreDeploy].sort());
    expect(snapshots.map((c) => c.name).join(' ')).toContain('nightly');

    const typed = await complete(
      ['snapshot', 'delete'],
      { instance: 'web-1', 'snapshot-uuid': '5a1b' },
      'snapshot-uuid',
    );
    expect(typed.map((c) => c.value)).toEqual([web1PreDeploy]);

    await answered(discord.slash(DISCORD_USERS.operator, ['network', 'list'], {}));
    const found = await complete(['network', 'show'], { 'network-uuid': '' }, 'network-uuid');
    expect(found.map((c) => c.value).sort()).toEqual([backend.uuid, edge.uuid].sort());
  });
});

describe('console completion and "did you mean" for seen ids', { timeout: 60_000 }, () => {
  it('completes snapshot ids after snapshot list and suggests the closest for a cut-off id', async () => {
    session = await startConsoleSession();
    const s = session;
    expect(await s.repl.complete('snapshot rollback web-1 ')).toEqual([[], '']);
    const before = await s.send('snapshot rollback web-1 5a1b2c3d-4e5f');
    expect(before).toContain('must be a uuid');
    expect(before).not.toContain('Did you mean');

    await s.send('snapshot list web-1');
    const [ids] = await s.repl.complete('snapshot rollback web-1 ');
    expect([...ids].sort()).toEqual([web1Daily, web1PreDeploy].sort());
    expect(await s.repl.complete('snapshot delete web-1 0d4')).toEqual([[`${web1Daily} `], '0d4']);

    const cut = await s.send('snapshot rollback web-1 5a1b2c3d-4e5f');
    expect(cut).toContain(`Did you mean ${web1PreDeploy}?`);
    expect(s.app.simulator!.countRequests('snapshot.rollback')).toBe(0);
  });

  it('suggests a seen network id when the API does not know the one typed', async () => {
    session = await startConsoleSession();
    const s = session;
    await s.send('network list');
    const typo = `${backend.uuid.slice(0, -1)}b`;
    const out = await s.send(`network show ${typo}`);
    expect(out).toContain(`Did you mean ${backend.uuid}?`);
  });
});

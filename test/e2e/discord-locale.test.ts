// Discord answers each user in their client's language: the same `instance show` in Indonesian for
// an interaction with locale "id" and in English for "en-US", and a destructive preview with its
// buttons in Indonesian (real discord.js against the fake Discord).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
const INDONESIAN = { ...DISCORD_USERS.operator, locale: 'id' };
let world: DiscordWorld;

beforeEach(async () => {
  world = await startDiscordWorld();
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** The interaction's @original message once it has an embed. */
function answered(i: StoredInteraction): Promise<StoredMessage> {
  return waitFor(
    () => {
      const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
      return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
    },
    'the deferred reply to be edited',
    15_000,
  );
}

describe('Discord: each user in their client’s language', () => {
  it('shows an instance in Indonesian to a user whose locale is id', { timeout: 30_000 }, async () => {
    const reply = await answered(world.discord.slash(INDONESIAN, ['instance', 'show'], { instance: WEB1 }));
    const text = discordView(reply).text;
    expect(text).toContain('Lokasi');
    expect(text).toContain('Berjalan (Running)');
    expect(text).toMatch(/Rp \d{1,3}(\.\d{3})*\/jam/);
  });

  it('shows the same instance in English to an en-US user', { timeout: 30_000 }, async () => {
    const reply = await answered(
      world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: WEB1 }),
    );
    const text = discordView(reply).text;
    expect(text).toContain('Location');
    expect(text).not.toContain('Lokasi');
  });

  it('asks before a stop in Indonesian, buttons included', { timeout: 30_000 }, async () => {
    const card = await answered(world.discord.slash(INDONESIAN, ['instance', 'stop'], { instance: WEB1 }));
    expect(discordView(card).text).toContain('Hentikan web-1?');
    expect(json(card.components)).toContain('Batal');
    expect(json(card.components)).toContain('Hentikan web-1');
  });
});

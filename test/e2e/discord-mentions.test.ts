// People appear as Discord mentions (<@id>) built from their user id on confirmation cards, where
// Discord renders them (not the footer); a display name full of markup stays inert, and every
// message the bot sends — replies, edits, follow-ups — carries allowed_mentions { parse: [] }.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
let world: DiscordWorld;

beforeEach(async () => {
  world = await startDiscordWorld();
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

describe('Discord mentions', { timeout: 60_000 }, () => {
  it('shows the requester and confirmer as mentions and pings nobody', async () => {
    // Same user id as the operator (the policy matches ids), but a display name made of markup.
    const hostile = { ...DISCORD_USERS.operator, username: '@everyone **boss** <@100000000000000003>' };
    const i = world.discord.slash(hostile, ['instance', 'stop'], { instance: WEB1 });
    const card = await waitFor(() => {
      const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
      return m && m.edits > 0 && customIds(m).some((id) => id.startsWith('vps:confirm:')) ? m : undefined;
    }, 'the preview card');
    const mention = `<@${hostile.id}>`;
    expect(discordView(card).text).toContain(`Requested by ${mention}`);

    const confirm = customIds(card).find((id) => id.startsWith('vps:confirm:'))!;
    world.discord.click(hostile, card.id, confirm);
    await waitFor(() => customIds(card).length === 0 && card, 'the confirmed card');
    // A V2 card: the mention sits in a text display (an embed's footer would show it raw).
    expect(discordView(card)).toMatchObject({ v2: true });
    expect(discordView(card).text).toContain(`Confirmed by ${mention}`);
    expect(world.sim.countRequests('instance.stop')).toBe(1);

    const messages = world.discord.calls.filter(
      (c) =>
        c.body !== null &&
        !Array.isArray(c.body) &&
        ('embeds' in c.body || 'content' in c.body || 'components' in c.body || 'data' in c.body),
    );
    expect(messages.length).toBeGreaterThan(1);
    for (const call of messages) {
      const body = call.body as Record<string, unknown>;
      const payload = (body['data'] as Record<string, unknown> | undefined) ?? body;
      if (!('embeds' in payload) && !('content' in payload) && !('components' in payload)) continue;
      expect(payload['allowed_mentions'], `${call.method} ${call.path}`).toEqual({ parse: [] });
    }
    // The display name's markup never turned into a mention or a broadcast.
    const sent = json(messages.map((c) => c.body));
    expect(sent).not.toContain('<@100000000000000003>');
    expect(sent).not.toMatch(/(^|[^\\\u200b])@everyone/);
  });
});

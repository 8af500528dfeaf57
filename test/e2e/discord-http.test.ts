// Discord's HTTP interactions mode end to end, in one process: the fake Discord POSTs signed
// interactions to the adapter's /discord/interactions endpoint (mounted on a stand-in serve server),
// the response body is the first answer, later edits go through the interaction webhook.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { slashPayload } from '../support/fake-discord-payloads.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;

let world: DiscordWorld;

beforeEach(async () => {
  world = await startDiscordWorld({ http: true });
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

function answered(i: StoredInteraction, what: string): Promise<StoredMessage> {
  return waitFor(() => {
    const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
    return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
  }, what);
}

describe('Discord HTTP interactions endpoint', () => {
  it('answers PING with PONG', async () => {
    const pong = await world.discord.http.ping(world.endpointUrl);
    expect(pong.status).toBe(200);
    expect(pong.body).toEqual({ type: 1 });
  });

  it('refuses unsigned, forged, stale and future-dated requests with 401 and runs nothing', async () => {
    const url = world.endpointUrl;
    const payload = slashPayload(world.discord.world, DISCORD_USERS.operator, ['instance', 'stop'], {
      instance: WEB1,
    });
    const results = [
      await world.discord.http.raw(url, payload, { signature: 'none' }),
      await world.discord.http.raw(url, payload, { signature: 'forged' }),
      await world.discord.http.raw(url, payload, { skewSeconds: -301 }),
      await world.discord.http.raw(url, payload, { skewSeconds: 301 }),
      await world.discord.http.raw(url, payload, { rawBody: 'not json at all', signature: 'forged' }),
    ];
    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(world.discord.calls).toHaveLength(0);
    expect(world.sim.countRequests('instance.stop')).toBe(0);
  });

  it('answers a signed body that is not an interaction with 400, other methods with 405', async () => {
    const url = world.endpointUrl;
    expect((await world.discord.http.raw(url, null, { rawBody: 'not json' })).status).toBe(400);
    const other = slashPayload(world.discord.world, DISCORD_USERS.operator, ['help'], {});
    const foreign = { ...other, data: { ...other.data, name: 'not-ours' } };
    expect(await world.discord.http.raw(url, foreign, {})).toMatchObject({
      status: 400,
      body: { error: 'unsupported interaction' },
    });
    expect((await fetch(url)).status).toBe(405);
    expect(world.discord.calls).toHaveLength(0);
  });

  it('runs an interaction delivered twice once; the copy is acknowledged', async () => {
    const url = world.endpointUrl;
    const payload = slashPayload(world.discord.world, DISCORD_USERS.operator, ['firewall', 'ipset-create'], {
      instance: WEB1,
      name: 'blocklist',
    });
    const first = await world.discord.http.raw(url, payload, {});
    expect(first.status).toBe(200);
    // A proxy's retry: the same interaction (same id), signed anew.
    const copy = await world.discord.http.raw(url, payload, { skewSeconds: 1 });
    expect(copy).toEqual({ status: 200, body: { type: 5, data: { flags: 64 } } });
    await waitFor(() => world.sim.countRequests('firewall.ipsetCreate') >= 1 || undefined, 'the first run');
    // A later, different interaction has been answered: the copy would have run by then.
    const help = await world.discord.http.slash(url, DISCORD_USERS.operator, ['help'], {});
    expect(help.status).toBe(200);
    await answered(help.interaction, 'the help reply');
    expect(world.sim.countRequests('firewall.ipsetCreate')).toBe(1);
  });

  it('accepts a request signed within the 5-minute window', async () => {
    const payload = { id: '5', token: 'ping-2', type: 1 };
    const ok = await world.discord.http.raw(world.endpointUrl, payload, { skewSeconds: -240 });
    expect(ok).toEqual({ status: 200, body: { type: 1 } });
  });

  it('answers a read command with a deferral in the response, then edits the reply through the webhook', async () => {
    const result = await world.discord.http.slash(
      world.endpointUrl,
      DISCORD_USERS.operator,
      ['instance', 'show'],
      {
        instance: WEB1,
      },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ type: 5 });
    const reply = await answered(result.interaction, 'the show reply');
    expect(discordView(reply).title).toBe('web-1');
    expect(world.discord.calls.some((c) => c.path.endsWith('/callback'))).toBe(false);
  });

  it('previews a destructive command, and a double Confirm stops the instance once and edits the card once', async () => {
    const preview = await world.discord.http.slash(
      world.endpointUrl,
      DISCORD_USERS.operator,
      ['instance', 'stop'],
      {
        instance: WEB1,
      },
    );
    const card = await answered(preview.interaction, 'the preview card');
    const confirm = customIds(card).find((id) => id.startsWith('vps:confirm:')) ?? '';
    expect(world.sim.countRequests('instance.stop')).toBe(0);
    const editsBefore = card.edits;
    const [a, b] = await Promise.all([
      world.discord.http.click(world.endpointUrl, DISCORD_USERS.operator, card.id, confirm),
      world.discord.http.click(world.endpointUrl, DISCORD_USERS.operator, card.id, confirm),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ type: 6 });
    await waitFor(() => customIds(card).length === 0, 'the card to lose its buttons');
    await waitFor(() => world.sim.state.getInstance(WEB1)?.status === 'Stopped', 'the stop');
    expect(world.sim.countRequests('instance.stop')).toBe(1);
    expect(discordView(card).text).toContain(`Confirmed by <@${DISCORD_USERS.operator.id}>`);
    expect(card.edits - editsBefore).toBe(1);
  });

  it('opens the typed-confirmation modal in the response and deletes on the right name', async () => {
    const preview = await world.discord.http.slash(
      world.endpointUrl,
      DISCORD_USERS.operator,
      ['instance', 'delete'],
      {
        instance: WEB2,
      },
    );
    const card = await answered(preview.interaction, 'the delete preview');
    const confirm = customIds(card).find((id) => id.startsWith('vps:typed-confirm:')) ?? '';
    const token = confirm.slice(confirm.lastIndexOf(':') + 1);
    const click = await world.discord.http.click(world.endpointUrl, DISCORD_USERS.operator, card.id, confirm);
    expect(click.body).toMatchObject({ type: 9, data: { custom_id: `vps:typed:${token}` } });
    const submit = await world.discord.http.submitModal(
      world.endpointUrl,
      DISCORD_USERS.operator,
      card.id,
      `vps:typed:${token}`,
      { typed: 'web-2' },
    );
    expect(submit.body).toMatchObject({ type: 6 });
    await waitFor(() => customIds(card).length === 0, 'the confirmed card');
    expect(world.sim.countRequests('instance.delete')).toBe(1);
  });

  it('answers autocomplete with choices in the response', async () => {
    const result = await world.discord.http.autocomplete(
      world.endpointUrl,
      DISCORD_USERS.operator,
      ['instance', 'show'],
      { instance: 'web' },
      'instance',
    );
    expect(result.body).toMatchObject({ type: 8 });
    expect(json(result.body)).toContain('web-1');
  });
});

// End to end over Discord: interactions through the fake gateway into the real discord.js client,
// the Discord adapter, the real core and commands, the hosting-API simulator behind them, and the
// fake Discord REST API recording every callback, edit and follow-up.
// What every adapter promises (preview, confirm, cancel, typed name, expiry, private errors and
// secrets) is stated once in test/contract/adapter-contract.ts; this file keeps what is Discord's own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { discordPlace } from '../../adapters/discord/commands-payload.js';
import {
  buildCommandPayload,
  registerDiscordCommands,
  messageCommands,
} from '../../adapters/discord/index.js';
import { rateLimited, type RecordedCall } from '../support/fake-discord.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;

let world: DiscordWorld;

beforeEach(async () => {
  world = await startDiscordWorld();
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** Calls the fake received for one interaction token, in order. */
const callsFor = (i: StoredInteraction): RecordedCall[] =>
  world.discord.calls.filter((c) => c.path.includes(i.token));

/** The interaction's @original message once it has an embed. */
function answered(i: StoredInteraction, what = 'the deferred reply to be edited'): Promise<StoredMessage> {
  return waitFor(() => {
    const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
    return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
  }, what);
}

/** Follow-up messages sent with this interaction's token. */
const followUps = (i: StoredInteraction) =>
  callsFor(i).filter((c) => c.method === 'POST' && c.path.startsWith('/webhooks/') && c.status === 200);

async function previewCard(path: string[], options: Record<string, string>, user = DISCORD_USERS.operator) {
  const i = world.discord.slash(user, path, options);
  const card = await answered(i, 'the preview card');
  const confirm = customIds(card).find((id) => /^vps:(typed-)?confirm:/.test(id));
  if (!confirm) throw new Error(`no Confirm button on ${json(card)}`);
  return { card, confirm, token: confirm.slice(confirm.lastIndexOf(':') + 1) };
}

describe('Discord end to end', () => {
  it('defers a slash command at once, then edits the reply with a Components V2 card (the flag on the edit)', async () => {
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: WEB1 });
    const reply = await answered(i);
    const [first, second] = callsFor(i);
    expect(first?.path).toBe(`/interactions/${i.id}/${i.token}/callback`);
    expect(first?.body).toMatchObject({ type: 5, data: { flags: 0 } });
    expect(second?.method).toBe('PATCH');
    expect(second?.path).toMatch(/\/messages\/@original$/);
    expect(second?.body).toMatchObject({ flags: 1 << 15 });
    expect(discordView(reply).title).toBe('web-1');
    expect(discordView(reply).text).toContain('Running');
  });

  it('defers privately when the reply can only be a usage error (unknown instance): no public "thinking…"', async () => {
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: 'no-such-host' });
    const reply = await answered(i);
    const [first] = callsFor(i);
    expect(first?.body).toMatchObject({ type: 5, data: { flags: 64 } });
    expect(discordView(reply).text).toContain('Unknown instance');
  });

  it('refuses a Confirm click by someone other than the requester, privately, and calls nothing', async () => {
    const { card, confirm } = await previewCard(['instance', 'stop'], { instance: WEB1 });
    const click = world.discord.click(DISCORD_USERS.otherOperator, card.id, confirm);
    const [refusal] = await waitFor(
      () => (followUps(click).length > 0 ? followUps(click) : undefined),
      'the refusal',
    );
    // Private (Ephemeral, 64), as a Components V2 card (1 << 15).
    expect(refusal?.body).toMatchObject({ flags: 64 | (1 << 15) });
    expect(world.sim.countRequests('instance.stop')).toBe(0);
    expect(world.sim.state.getInstance(WEB1)?.status).toBe('Running');
    expect(customIds(card)).toHaveLength(2);
  });

  it('calls the hosting API once when Confirm is clicked twice at the same moment', async () => {
    const { card, confirm } = await previewCard(['instance', 'stop'], { instance: WEB1 });
    const first = world.discord.click(DISCORD_USERS.operator, card.id, confirm);
    const second = world.discord.click(DISCORD_USERS.operator, card.id, confirm);
    await waitFor(
      () => customIds(card).length === 0 && followUps(first).length + followUps(second).length > 0,
      'both answers',
    );
    // A click is acknowledged as a deferred update of the card (type 6), not a new reply.
    expect(callsFor(first)[0]?.body).toMatchObject({ type: 6 });
    expect(world.sim.countRequests('instance.stop')).toBe(1);
  });

  it('uses the instance bound to the channel when the instance option is left out', async () => {
    await answered(world.discord.slash(DISCORD_USERS.operator, ['use'], { instance: WEB1 }), 'the binding');
    const reply = await answered(
      world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], {}),
      'the bound show',
    );
    expect(discordView(reply).title).toBe('web-1');
  });

  it('answers the typed-confirmation button with a modal (callback 9) that names the hostname', async () => {
    const { card, confirm, token } = await previewCard(['instance', 'delete'], { instance: WEB2 });
    expect(confirm).toBe(`vps:typed-confirm:${token}`);
    const click = world.discord.click(DISCORD_USERS.operator, card.id, confirm);
    await waitFor(() => click.modal, 'the modal');
    expect(click.callbackType).toBe(9);
    expect(click.modal).toMatchObject({ custom_id: `vps:typed:${token}` });
    expect(json(click.modal)).toContain('web-2');
    expect(world.sim.countRequests('instance.delete')).toBe(0);
  });
  it("names the hostname in the modal from the core's pending record after a restart (a fresh adapter, no local state)", async () => {
    const { card, confirm, token } = await previewCard(['instance', 'delete'], { instance: WEB2 });
    await world.restart();
    const click = world.discord.click(DISCORD_USERS.operator, card.id, confirm);
    await waitFor(() => click.modal, 'the modal');
    expect(click.modal).toMatchObject({ title: 'Confirm instance delete', custom_id: `vps:typed:${token}` });
    expect(json(click.modal)).toContain('web-2');
    expect(world.sim.countRequests('instance.delete')).toBe(0);
  });

  it('lets a member act through a Discord role in the policy, and denies a viewer', async () => {
    await previewCard(['instance', 'stop'], { instance: WEB2 }, DISCORD_USERS.roleOperator);
    const denied = world.discord.slash(DISCORD_USERS.viewer, ['instance', 'stop'], { instance: WEB2 });
    await waitFor(
      () => callsFor(denied).some((c) => c.status === 200 && discordView(c.body as never).text !== ''),
      'the denial',
    );
    expect(json(callsFor(denied))).not.toContain('vps:confirm:');
    expect(world.sim.countRequests('instance.stop')).toBe(0);
  });

  it('completes instance names while the user types', async () => {
    const i = world.discord.autocomplete(
      DISCORD_USERS.operator,
      ['instance', 'show'],
      { instance: 'web' },
      'instance',
    );
    const choices = await waitFor(() => i.choices, 'the choices');
    expect(i.callbackType).toBe(8);
    expect(choices.map((c) => c.name).join(' ')).toContain('web-1');
  });

  it('explains a hosting-API failure in the reply', async () => {
    world.sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 500, times: 5 });
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: WEB1 });
    const reply = await answered(i, 'the error reply');
    expect(discordView(reply).text).toMatch(/hosting|server|error|fail/i);
    expect(discordView(reply).colour).toBeDefined();
  });

  it('keeps the reply when Discord rate-limits the edit once (429 with retry_after)', async () => {
    world.discord.failNext(rateLimited('PATCH', /\/messages\/@original$/));
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: WEB1 });
    const reply = await answered(i);
    const edits = callsFor(i).filter((c) => c.method === 'PATCH');
    expect(edits.map((c) => c.status)).toEqual([429, 200]);
    expect(discordView(reply).title).toBe('web-1');
  });

  it('never lets user text ping anyone: every message has empty allowed_mentions and escaped text', async () => {
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: '@everyone' });
    const reply = await waitFor(() => {
      const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
      return followUps(i)[0] ?? (m && m.edits > 0 ? m : undefined);
    }, 'the answer');
    // Outside inline code the text is escaped; inside it Discord parses no mentions at all.
    expect(json(reply).replace(/`[^`\n]*`/g, '')).not.toMatch(/[^\\]@everyone/);
    const posted = world.discord.calls.filter(
      (c) =>
        c.body &&
        !Array.isArray(c.body) &&
        ('embeds' in c.body || 'content' in c.body || 'components' in c.body),
    );
    expect(posted.length).toBeGreaterThan(0);
    for (const call of posted) expect(call.body).toMatchObject({ allowed_mentions: { parse: [] } });
  });

  it('registers /vps from the command definitions and PUTs only when the payload changed', async () => {
    const commands = world.bot.dispatcher.commands();
    const options = {
      token: world.discord.botToken,
      applicationId: world.discord.world.applicationId,
      apiUrl: world.discord.apiUrl,
      guildId: world.discord.world.guildId,
      commands,
    };
    expect(await registerDiscordCommands(options)).toEqual({ changed: true, count: commands.length });
    expect(await registerDiscordCommands(options)).toEqual({ changed: false, count: commands.length });
    const puts = world.discord.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.path).toBe(`/applications/${options.applicationId}/guilds/${options.guildId}/commands`);
    expect(puts[0]?.body).toEqual([...buildCommandPayload(commands), ...messageCommands()]);
    // "Show server" in every message's Apps menu: a message command (type 3), named in Indonesian too.
    expect(puts[0]?.body).toContainEqual(
      expect.objectContaining({
        name: 'Show server',
        type: 3,
        name_localizations: { id: 'Tampilkan server' },
      }),
    );
    // "Add to timeline" beside it (issue 41): the message as a note in the channel's story.
    expect(puts[0]?.body).toContainEqual(
      expect.objectContaining({
        name: 'Add to timeline',
        type: 3,
        name_localizations: { id: 'Tambah ke linimasa' },
      }),
    );
    // Discord takes at most 5 message commands per application.
    expect((puts[0]?.body as { type?: number }[]).filter((c) => c.type === 3).length).toBeLessThanOrEqual(5);
    const registered = json(world.discord.commands.get(`/guilds/${options.guildId}`));
    for (const c of commands) expect(registered).toContain(`"name":"${discordPlace(c).name}"`);
    expect(await registerDiscordCommands({ ...options, commands: commands.slice(1) })).toMatchObject({
      changed: true,
    });
  });
});

// Issue 6 over Discord, end to end: metric charts attached to the embed as PNGs, confirmed
// operations followed until the card says how they ended, one public notice per destructive
// action, and tracking (and typed confirmations) surviving a restart over the same data dir.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { customIds } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let world: DiscordWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(options: Parameters<typeof startDiscordWorld>[0] = {}): Promise<DiscordWorld> {
  world = await startDiscordWorld(options);
  return world;
}

const json = (value: unknown) => JSON.stringify(value);

/** The slash command's reply once it has been filled in. */
function answered(w: DiscordWorld, i: StoredInteraction, what: string): Promise<StoredMessage> {
  return waitFor(() => {
    const m = i.originalId ? w.discord.store.messages.get(i.originalId) : undefined;
    return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
  }, what);
}

async function previewCard(w: DiscordWorld, path: string[], instance: string) {
  const card = await answered(
    w,
    w.discord.slash(DISCORD_USERS.operator, path, { instance }),
    'the preview card',
  );
  const confirm = customIds(card).find((id) => /^vps:(typed-)?confirm:/.test(id));
  if (!confirm) throw new Error(`no Confirm button on ${json(card)}`);
  return { card, confirm, token: confirm.slice(confirm.lastIndexOf(':') + 1) };
}

/** Clicks Confirm on a typed card and types `hostname` into the modal it opens. */
async function confirmTyped(
  w: DiscordWorld,
  card: StoredMessage,
  confirm: string,
  token: string,
  hostname: string,
) {
  const click = w.discord.click(DISCORD_USERS.operator, card.id, confirm);
  const modal = await waitFor(() => click.modal, 'the hostname modal');
  expect(modal).toMatchObject({ custom_id: `vps:typed:${token}` });
  w.discord.submitModal(DISCORD_USERS.operator, card.id, `vps:typed:${token}`, { typed: hostname });
}

/** Public messages in the channel that announce an executed action ("@dora stopped web-1 (confirmed …)"). */
const notices = (w: DiscordWorld, verb: string) =>
  [...w.discord.store.messages.values()].filter(
    (m) =>
      !m.deleted &&
      (m.flags & 64) === 0 &&
      new RegExp(`@\\S+ ${verb} \\S+ \\(confirmed`).test(discordView(m).text),
  );

/** The operations in the bot's store, once the tracker's asynchronous write has landed. */
async function storedOperations(w: DiscordWorld) {
  for (let i = 0; i < 100; i += 1) {
    const ops = await w.bot.store.operations.list();
    if (ops.length > 0) return ops;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

describe('Discord follow-through', () => {
  it('attaches the day chart of instance metrics to the embed as a PNG', async () => {
    const w = await open();
    const i = w.discord.slash(DISCORD_USERS.operator, ['instance', 'metrics'], {
      instance: WEB1,
      period: 'day',
    });
    const reply = await answered(w, i, 'the metrics reply');
    const edit = w.discord.calls.find(
      (c) => c.method === 'PATCH' && c.path.includes(i.token) && c.files.length > 0,
    );
    const [file] = edit?.files ?? [];
    expect(file?.name).toMatch(/\.png$/);
    expect(file?.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(discordView(reply).images).toEqual([`attachment://${file?.name}`]);
    expect(discordView(reply).text).toContain('last 24 hours');
    expect(reply.attachments.map((a) => a.filename)).toEqual([file?.name]);
  });

  it('follows a confirmed delete until the card says the instance was deleted', async () => {
    const w = await open({ timing: { terminateMs: 300 } });
    const { card, confirm, token } = await previewCard(w, ['instance', 'delete'], WEB2);
    await confirmTyped(w, card, confirm, token, 'web-2');
    await waitFor(() => discordView(card).text.includes('web-2 deleted'), 'the card to say deleted', 8_000);
    expect(discordView(card).text).toMatch(/web-2 deleted — done in \d+ s/);
    expect(customIds(card)).toEqual([]);
    expect(w.sim.state.getInstance(WEB2)).toBeUndefined();
  });

  it('posts exactly one public notice per executed destructive action, also when confirmed in the private dialog', async () => {
    const w = await open({ timing: { terminateMs: 200 } });
    const stop = await previewCard(w, ['instance', 'stop'], WEB1);
    w.discord.click(DISCORD_USERS.operator, stop.card.id, stop.confirm);
    await waitFor(() => discordView(stop.card).text.includes('done in'), 'the stop to finish', 8_000);

    const del = await previewCard(w, ['instance', 'delete'], WEB2);
    await confirmTyped(w, del.card, del.confirm, del.token, 'web-2');
    await waitFor(() => discordView(del.card).text.includes('web-2 deleted'), 'the delete to finish', 8_000);

    expect(notices(w, 'stopped')).toHaveLength(1);
    expect(json(notices(w, 'stopped')[0]?.content)).toMatch(/stopped web-1 \(confirmed \d\d:\d\d:\d\d UTC\)/);
    expect(notices(w, 'deleted')).toHaveLength(1);
  });

  it('finishes a delete followed by a bot that was restarted, editing the card with the bot token', async () => {
    const w = await open({ timing: { terminateMs: 400 }, tracking: { pollMinMs: 60_000 } });
    const { card, confirm, token } = await previewCard(w, ['instance', 'delete'], WEB2);
    await confirmTyped(w, card, confirm, token, 'web-2');
    await waitFor(() => w.sim.countRequests('instance.delete') === 1, 'the delete call');
    await waitFor(
      () => w.tracker.active().length === 1 && customIds(card).length === 0,
      'the followed operation',
    );
    expect(await storedOperations(w)).toHaveLength(1);

    w.discord.expireTokens();
    expect(await w.restart()).toBe(1);
    await waitFor(
      () => discordView(card).text.includes('web-2 deleted'),
      'the resumed card to say deleted',
      8_000,
    );
    expect(discordView(card).text).toMatch(/web-2 deleted — done in \d+ s/);
    expect(card.lastEditBy).toBe('bot');
    expect(await w.bot.store.operations.list()).toEqual([]);
  });

  it('still opens the hostname modal from a card posted before a restart, and deletes on the right name', async () => {
    const w = await open();
    const { card, confirm, token } = await previewCard(w, ['instance', 'delete'], WEB2);
    expect(confirm).toBe(`vps:typed-confirm:${token}`);
    await w.restart();
    await confirmTyped(w, card, confirm, token, 'web-2');
    await waitFor(() => w.sim.countRequests('instance.delete') === 1, 'the delete call');
    expect(w.sim.state.getInstance(WEB2)?.status).toBe('Terminating');
  });
});

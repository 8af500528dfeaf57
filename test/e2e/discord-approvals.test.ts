// Two-person approval over Discord: the Approve button opens the typed-name modal only for someone
// who may approve (an admin other than the requester); the requester and people the policy does
// not allow are told privately at once, without a modal whose answer would be refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { customIds } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB2 = SEED_IDS.instances.web2;
let world: DiscordWorld;

beforeEach(async () => {
  world = await startDiscordWorld({ twoPerson: ['instance delete'] });
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

async function requestDelete(): Promise<{ card: StoredMessage; approve: string }> {
  const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'delete'], { instance: WEB2 });
  const card = await waitFor(() => {
    const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
    return m && customIds(m).some((id) => id.startsWith('vps:typed-confirm:')) ? m : undefined;
  }, 'the approval card');
  const approve = customIds(card).find((id) => id.startsWith('vps:typed-confirm:'));
  if (!approve) throw new Error(`no Approve button on ${json(card)}`);
  return { card, approve };
}

/** Everything Discord received for one interaction, once it says `saying`. */
function privateAnswer(click: StoredInteraction, saying: string): Promise<string> {
  return waitFor(() => {
    const calls = world.discord.calls.filter((c) => c.path.includes(click.token));
    const text = json(calls.map((c) => c.body));
    return calls.length > 1 && text.includes(saying) ? { calls, text } : undefined;
  }, 'the private answer').then(({ calls, text }) => {
    // Deferred privately (type 5, flags 64), never a modal (type 9).
    expect(calls[0]?.body).toMatchObject({ type: 5, data: { flags: 64 } });
    return text;
  });
}

describe('Discord two-person approval', { timeout: 60_000 }, () => {
  it('tells the requester at once and privately that someone else must approve, without opening the modal', async () => {
    const { card, approve } = await requestDelete();
    const click = world.discord.click(DISCORD_USERS.operator, card.id, approve);
    const text = await privateAnswer(click, 'needs a second person');
    expect(text).toContain('an admin other than you must confirm it');
    expect(click.modal).toBeUndefined();
    expect(click.callbackType).toBe(5);
    expect(world.sim.countRequests('instance.delete')).toBe(0);
    expect(customIds(card)).toContain(approve);
  });

  it('tells a non-admin operator the same way', async () => {
    const { card, approve } = await requestDelete();
    const click = world.discord.click(DISCORD_USERS.otherOperator, card.id, approve);
    await privateAnswer(click, 'Only an admin other than');
    expect(click.modal).toBeUndefined();
  });

  it('opens the modal for an admin who is not the requester', async () => {
    const { card, approve } = await requestDelete();
    const click = world.discord.click(DISCORD_USERS.admin, card.id, approve);
    await waitFor(() => click.modal, 'the modal');
    expect(click.callbackType).toBe(9);
    expect(json(click.modal)).toContain('web-2');
    expect(world.sim.countRequests('instance.delete')).toBe(0);
  });
});

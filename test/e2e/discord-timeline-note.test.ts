// Discord's message command "Add to timeline" (issue 41), real discord.js against the fake Discord:
// the message's text becomes a note in the channel's story by whoever clicked, quoting its author —
// the same `note` Slack's vps_timeline_add runs (src/adapter-kit/message-actions.ts) — answered
// privately; what the message says stays words (no mention, no formatting, never a command line).
// Over the gateway and over HTTP interactions. (Registration: test/e2e/discord.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { MessageFlags } from 'discord.js';
import type { DiscordWorld } from '../support/fake-discord-world.js';
import { DISCORD_USERS, startDiscordWorld } from '../support/fake-discord-world.js';
import type { StoredInteraction } from '../support/fake-discord-store.js';
import { waitFor } from '../support/wait-for.js';

let world: DiscordWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const TEXT = 'restarted db **by hand** <@100000000000000003> @everyone --force';
const json = (value: unknown) => JSON.stringify(value);

/** The private answer once it has been edited in. */
const answer = (w: DiscordWorld, i: StoredInteraction) =>
  waitFor(
    () => {
      const m = i.originalId ? w.discord.store.messages.get(i.originalId) : undefined;
      return m && m.edits > 0 ? m : undefined;
    },
    'the Add to timeline answer',
    15_000,
  );

/** The notes in the world's channel's story. */
const notes = async (w: DiscordWorld) =>
  (await w.bot.store.story.read(`discord:${w.discord.world.channelId}`, 0, 100)).filter(
    (e) => e.kind === 'note',
  );

describe('Discord "Add to timeline" on a message', () => {
  it(
    'adds the message as a note quoting its author, answers privately, and timeline shows it as words',
    { timeout: 30_000 },
    async () => {
      const w = (world = await startDiscordWorld());
      const { operator, otherOperator } = DISCORD_USERS;
      const i = w.discord.messageCommand(operator, 'Add to timeline', { content: TEXT }, otherOperator);
      const reply = await answer(w, i);
      const deferral = w.discord.calls.find((c) => c.path.includes(i.token));
      expect(deferral?.body).toMatchObject({ type: 5, data: { flags: MessageFlags.Ephemeral } });
      expect(reply.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      expect(json(reply)).toContain('Added to this channel’s timeline.');
      expect(await notes(w)).toEqual([
        expect.objectContaining({
          by: expect.objectContaining({ userId: operator.id }),
          to: { userId: otherOperator.id, name: otherOperator.id },
          detail: TEXT,
        }),
      ]);
      // The story's line keeps the words and pings no one.
      const shown = await answer(w, w.discord.slash(operator, ['story', 'timeline'], {}));
      expect(json(shown)).toContain('by hand');
      expect(json(shown)).not.toContain('<@100000000000000003>');
      expect(json(shown)).not.toContain('**by hand**');
      expect(w.discord.findings).toEqual([]);
    },
  );

  it('answers over HTTP interactions, in the clicker’s language', { timeout: 30_000 }, async () => {
    const w = (world = await startDiscordWorld({ http: true }));
    const indonesian = { ...DISCORD_USERS.operator, locale: 'id' };
    const result = await w.discord.http.messageCommand(
      w.endpointUrl,
      indonesian,
      'Add to timeline',
      { content: 'customer told, next update 15:00' },
      DISCORD_USERS.viewer,
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ type: 5, data: { flags: MessageFlags.Ephemeral } });
    const reply = await answer(w, result.interaction);
    expect(json(reply)).toContain('Ditambahkan ke linimasa kanal ini.');
    expect(await notes(w)).toEqual([
      expect.objectContaining({
        to: { userId: DISCORD_USERS.viewer.id, name: DISCORD_USERS.viewer.id },
        detail: 'customer told, next update 15:00',
      }),
    ]);
  });
});

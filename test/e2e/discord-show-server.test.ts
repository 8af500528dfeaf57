// "Show server" on any message (issue 42), real discord.js against the fake Discord: the message
// context-menu command finds the servers a message names by hostname, uuid prefix and public IP,
// and answers privately with their cards as a Components V2 message — deferred without the flag,
// the flag on the edit that follows, within V2's 40 components and 4,000 characters — or says that
// none was found; over HTTP interactions too. (Registration: test/e2e/discord.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { MessageFlags } from 'discord.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';

const V2 = MessageFlags.IsComponentsV2;
let world: DiscordWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The private answer once it has been edited in. */
function answered(w: DiscordWorld, i: StoredInteraction): Promise<StoredMessage> {
  return waitFor(
    () => {
      const m = i.originalId ? w.discord.store.messages.get(i.originalId) : undefined;
      return m && m.edits > 0 ? m : undefined;
    },
    'the Show server answer',
    15_000,
  );
}

/** Every text display's content, and how many components the tree holds. */
function v2Text(components: unknown[]): { text: string; count: number } {
  let text = '';
  let count = 0;
  const walk = (node: unknown) => {
    const c = node as { type?: number; content?: string; components?: unknown[]; accessory?: unknown };
    count += 1;
    if (c.type === 10) text += `${c.content ?? ''}\n`;
    for (const child of c.components ?? []) walk(child);
    if (c.accessory) walk(c.accessory);
  };
  components.forEach(walk);
  return { text, count };
}

const { web1, web2, cache1 } = SEED_IDS.instances;

describe('Discord "Show server" on a message', () => {
  it(
    'finds a name, a uuid prefix and an IP, and answers privately with a V2 card after a plain deferral',
    { timeout: 30_000 },
    async () => {
      const w = (world = await startDiscordWorld());
      const ip = w.sim.state.livePublicIpOf(cache1)?.address ?? '';
      expect(ip).not.toBe('');
      const content = `web-1 is slow again; ${web2.slice(0, 13)} too, and ${ip} timed out.`;
      const i = w.discord.messageCommand(DISCORD_USERS.operator, 'Show server', { content });
      const reply = await answered(w, i);
      const calls = w.discord.calls.filter((c) => c.path.includes(i.token));
      const deferral = calls[0];
      expect(deferral?.path).toMatch(/\/callback$/);
      expect(deferral?.body).toMatchObject({ type: 5, data: { flags: MessageFlags.Ephemeral } });
      const edit = calls.find((c) => c.method === 'PATCH');
      expect(Number((edit?.body as { flags?: number }).flags) & V2).toBe(V2);
      expect(edit?.body).not.toHaveProperty('embeds');
      expect(edit?.body).not.toHaveProperty('content');
      expect(reply.flags & V2).toBe(V2);
      expect(reply.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      const { text, count } = v2Text(reply.components);
      for (const name of ['web-1', 'web-2', 'cache-1']) expect(text).toContain(name);
      expect(text).not.toContain('db-1');
      expect(count).toBeLessThanOrEqual(40);
      expect(text.length).toBeLessThanOrEqual(4000);
      expect(reply.components[0]).toMatchObject({ type: 17, accent_color: expect.any(Number) });
      expect(w.discord.findings).toEqual([]);
    },
  );

  it(
    'says privately, in the reader’s language, that a message names no server',
    { timeout: 30_000 },
    async () => {
      const w = (world = await startDiscordWorld());
      const indonesian = { ...DISCORD_USERS.operator, locale: 'id' };
      const i = w.discord.messageCommand(indonesian, 'Show server', {
        content: 'deploy 10.9.8.7 and 0000000 went fine',
        embeds: [{ title: 'nothing', description: 'web-9 is not ours' }],
      });
      const reply = await answered(w, i);
      expect(reply.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      expect(v2Text(reply.components).text).toContain('Tidak ada server yang ditemukan');
    },
  );

  it(
    'reads the names in embeds and V2 text displays, and answers over HTTP interactions',
    { timeout: 30_000 },
    async () => {
      const w = (world = await startDiscordWorld({ http: true }));
      const result = await w.discord.http.messageCommand(
        w.endpointUrl,
        DISCORD_USERS.operator,
        'Show server',
        {
          embeds: [{ title: 'Alert', description: `CPU high on ${web1}` }],
          // Another card of the bot's own, in Components V2: its text displays are read too.
          components: [{ type: 17, components: [{ type: 10, content: '### db-1' }] }],
        },
      );
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ type: 5, data: { flags: MessageFlags.Ephemeral } });
      const reply = await answered(w, result.interaction);
      expect(reply.flags & V2).toBe(V2);
      expect(v2Text(reply.components).text).toContain('web-1');
      expect(v2Text(reply.components).text).toContain('db-1');
    },
  );
});

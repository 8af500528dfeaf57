// Ordinary command answers as Components V2 cards (issue 42), real discord.js against the fake
// Discord with a scripted core: the deferral carries no V2 flag, the edit that follows does (and
// neither content nor embeds); a card over V2's limits keeps the embed rendering; an edit keeps the
// layout the message has — an older embed message stays embeds, a V2 card stays V2 (cut to fit).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter, type DiscordAdapter } from '../../../../adapters/discord/index.js';
import { TONE_COLOURS } from '../../../../adapters/discord/render-embed.js';
import { V2_LIMITS } from '../../../../adapters/discord/limits.js';
import type { Dispatcher, MessageRef, Responder } from '../../../../src/core/ports.js';
import { createLogger } from '../../../../src/logger.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';
import type { Message } from '../../../../src/render/message.js';
import { discordView } from '../../../support/discord-view.js';
import { startFakeDiscord, type FakeDiscord, type RecordedCall } from '../../../support/fake-discord.js';
import { waitFor } from '../../../support/wait-for.js';

const USER = { id: '100000000000000021', username: 'vera' };
const V2 = 1 << 15;

const preview: Message = {
  title: 'Stop web-1?',
  tone: 'warning',
  blocks: [{ type: 'text', text: 'web-1 will stop.' }],
  actions: confirmationButtons({
    token: 'tokV',
    confirmLabel: 'Stop web-1',
    cancelLabel: 'Cancel',
    style: 'danger',
    expiresAt: Date.now() + 120_000,
  }),
};
const huge: Message = { title: 'log', tone: 'error', blocks: [{ type: 'code', text: 'x'.repeat(4_100) }] };

let fake: FakeDiscord;
let adapter: DiscordAdapter | undefined;

beforeEach(async () => {
  fake = await startFakeDiscord();
});

afterEach(async () => {
  await adapter?.stop();
  adapter = undefined;
  await fake.close();
});

/** Starts the adapter with a core that defers publicly, then runs `run`; resolves with what it returned. */
async function answer<T>(run: (responder: Responder) => Promise<T>): Promise<{ value: T; token: string }> {
  let value: { v: T } | undefined;
  const dispatcher: Dispatcher = {
    commands: () => [{ group: '', name: 'status', summary: 'Status', risk: 'read', args: [] }],
    typedDialog: async () => null,
    async dispatch(_invocation, responder) {
      await responder.defer?.('channel');
      value = { v: await run(responder) };
    },
    async act() {},
  };
  adapter = createDiscordAdapter({
    token: fake.botToken,
    applicationId: fake.world.applicationId,
    apiUrl: fake.apiUrl,
    logger: createLogger({ level: 'silent' }),
  });
  await adapter.start(dispatcher);
  const i = fake.slash(USER, ['status']);
  const done = await waitFor(() => value, 'the scripted answer');
  return { value: done.v, token: i.token };
}

const callsWith = (token: string): RecordedCall[] => fake.calls.filter((c) => c.path.includes(token));
const body = (call: RecordedCall | undefined) => (call?.body ?? {}) as Record<string, unknown>;

describe('Discord command answers as Components V2 cards', () => {
  it('defers without the flag and edits in a V2 card: container by tone, text displays, buttons', async () => {
    const { value: ref, token } = await answer((r) => r.reply(preview));
    const [defer, edit] = callsWith(token);
    expect(defer?.body).toEqual({ type: 5, data: { flags: 0 } });
    expect(edit?.method).toBe('PATCH');
    expect(edit?.path).toMatch(/\/messages\/@original$/);
    expect(Number(body(edit)['flags']) & V2).toBe(V2);
    expect(body(edit)).not.toHaveProperty('embeds');
    expect(body(edit)).not.toHaveProperty('content');
    const shown = discordView(fake.store.messages.get(ref.id));
    expect(shown).toMatchObject({ v2: true, title: 'Stop web-1?', colour: TONE_COLOURS.warning });
    expect(shown.text).toContain('web-1 will stop.');
    expect(shown.customIds).toEqual(['vps:confirm:tokV', 'vps:cancel:tokV']);
    expect(ref.extra).toEqual({ ephemeral: '0', v2: '1' });
  });

  it('keeps the embed rendering, without the flag, for an answer over 4,000 characters of text', async () => {
    const { value: ref, token } = await answer((r) => r.reply(huge));
    const edit = callsWith(token).find((c) => c.method === 'PATCH');
    expect(body(edit)).not.toHaveProperty('flags');
    expect(body(edit)['embeds']).toHaveLength(1);
    expect(fake.store.messages.get(ref.id)?.flags ?? 0).toBe(0);
    expect(ref.extra).toEqual({ ephemeral: '0' });
  });

  it('edits an older embed message as embeds, and a V2 card as V2 cut to fit', async () => {
    const older = fake.store.apply(
      fake.store.create(fake.world.channelId),
      { embeds: [{ title: 'old' }] },
      [],
      'bot',
    );
    const olderRef: MessageRef = {
      platform: 'discord',
      channelId: older.channelId,
      id: older.id,
      extra: { ephemeral: '0' },
    };
    const { value: ref } = await answer(async (r) => {
      await r.update(olderRef, { ...preview, actions: [] });
      const sent = await r.reply(preview);
      await r.update(sent, huge);
      return sent;
    });
    const edits = fake.calls.filter((c) => c.method === 'PATCH' && c.path.includes('/messages/'));
    expect(edits.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(discordView(older)).toMatchObject({ v2: false, title: 'Stop web-1?' });
    const card = discordView(fake.store.messages.get(ref.id));
    expect(card).toMatchObject({ v2: true, colour: TONE_COLOURS.error });
    expect(card.text).toContain('xxxx');
    expect(card.text.length).toBeLessThanOrEqual(V2_LIMITS.text);
  });
});

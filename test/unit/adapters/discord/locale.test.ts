// What the Discord adapter writes itself, in the language of the interaction (its `locale`): the
// answer when the core breaks off, the typed-confirmation modal when the core cannot give its texts,
// and the renderer's words on a card (its expiry). Against the fake Discord, with a scripted core.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter, type DiscordAdapter } from '../../../../adapters/discord/index.js';
import { DISCORD_LIMITS } from '../../../../adapters/discord/limits.js';
import type { Dispatcher, Invocation, MessageRef, Responder } from '../../../../src/core/ports.js';
import { createLogger } from '../../../../src/logger.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';
import type { Message } from '../../../../src/render/message.js';
import { startFakeDiscord, type FakeDiscord } from '../../../support/fake-discord.js';
import { waitFor } from '../../../support/wait-for.js';
import { discordView } from '../../../support/discord-view.js';

const IDA = { id: '100000000000000011', username: 'ida', locale: 'id' };
const ED = { id: '100000000000000012', username: 'ed', locale: 'en-GB' };

/** A pending card whose Confirm asks for the typed name (the core's texts are not asked for here). */
const typedCard: Message = {
  title: 'Hapus web-1?',
  blocks: [{ type: 'text', text: 'web-1 akan dihapus.' }],
  actions: confirmationButtons({
    token: 'tokA',
    confirmLabel: 'Hapus',
    cancelLabel: 'Batal',
    style: 'danger',
    typed: { title: 'Konfirmasi instance delete', label: 'Ketik web-1 untuk mengonfirmasi' },
    expiresAt: Date.now() + 120_000,
  }),
};

/** A core stand-in that cannot give a card's dialog texts (as when its store is slow). */
function scripted(run: (invocation: Invocation, responder: Responder) => Promise<void>): Dispatcher {
  return {
    commands: () => [{ group: '', name: 'status', summary: 'Status', risk: 'read', args: [] }],
    typedDialog: async () => null,
    async dispatch(invocation, responder) {
      await responder.defer?.('channel');
      await run(invocation, responder);
    },
    async act() {},
  };
}

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

async function start(dispatcher: Dispatcher): Promise<void> {
  adapter = createDiscordAdapter({
    token: fake.botToken,
    applicationId: fake.world.applicationId,
    apiUrl: fake.apiUrl,
    logger: createLogger({ level: 'silent' }),
  });
  await adapter.start(dispatcher);
}

/** The private answer the crash guard sent for interaction token `token`. */
const crashAnswer = (token: string) =>
  waitFor(
    () =>
      fake.calls.find(
        (c) => c.method === 'POST' && c.path === `/webhooks/${fake.world.applicationId}/${token}`,
      ),
    'the answer',
  );

describe('the Discord adapter’s own words, in the interaction’s language', () => {
  it('says that a broken-off request’s outcome is not known, in Indonesian to an id user', async () => {
    await start(
      scripted(async () => {
        throw new Error('boom');
      }),
    );
    const id = await crashAnswer(fake.slash(IDA, ['status']).token);
    expect(Number((id.body as { flags?: number }).flags) & 64).toBe(64);
    expect(discordView(id.body as never).title).toBe('Terjadi kesalahan');
    const said = JSON.stringify(id.body);
    expect(said).toContain('tidak diketahui');
    expect(said).not.toMatch(/Something went wrong|not known/);

    const en = await crashAnswer(fake.slash(ED, ['status']).token);
    expect(discordView(en.body as never).title).toBe('Something went wrong');
    // Never "failed, try again": the command may have done something before it broke off.
    expect(JSON.stringify(en.body)).toContain('Whether the command did anything is not known');
    expect(JSON.stringify(en.body)).not.toMatch(/failed|try again/i);
  });

  it('opens the typed-name modal in Indonesian when the core cannot give the card’s texts, within Discord’s limits', async () => {
    let ref: MessageRef | undefined;
    await start(scripted(async (_i, r) => void (ref = await r.reply(typedCard))));
    fake.slash(IDA, ['status']);
    const card = await waitFor(() => ref, 'the card');
    // The renderer's own words on the card: its expiry, as a Discord timestamp each client localises.
    expect(discordView(fake.store.messages.get(card.id)).text).toMatch(/\n-# Berakhir <t:\d+:R>$/);

    const click = fake.click(IDA, card.id, 'vps:typed-confirm:tokA');
    const modal = await waitFor(() => click.modal, 'the modal');
    expect(modal).toMatchObject({ title: 'Konfirmasi', custom_id: 'vps:typed:tokA' });
    const input = (modal['components'] as { components: Record<string, unknown>[] }[])[0]?.components[0];
    expect(input).toMatchObject({ label: 'Ketik nama yang tertera pada kartu', max_length: 4000 });
    expect(String(modal['title']).length).toBeLessThanOrEqual(DISCORD_LIMITS.modalTitle);
    expect(String(input?.['label']).length).toBeLessThanOrEqual(DISCORD_LIMITS.textInputLabel);

    const enClick = fake.click(ED, card.id, 'vps:typed-confirm:tokA');
    const english = await waitFor(() => enClick.modal, 'the modal');
    expect(english).toMatchObject({ title: 'Confirm' });
    expect(JSON.stringify(english)).toContain('Type the name shown on the card');
  });

  it('writes a public notice in the channel’s language once the core says how to find it', async () => {
    let announced = false;
    await start(
      scripted(async (_i, r) => {
        r.useChannelLocale?.(async () => 'en');
        await r.announce?.(typedCard);
        announced = true;
      }),
    );
    const token = fake.slash(IDA, ['status']).token;
    await waitFor(() => announced || undefined, 'the notice');
    const notice = await waitFor(
      () =>
        fake.calls.find(
          (c) => c.method === 'POST' && c.path === `/webhooks/${fake.world.applicationId}/${token}`,
        ),
      'the notice',
    );
    // An id user ran it, but everyone in an English channel reads the notice.
    expect(JSON.stringify(notice.body)).toMatch(/Expires <t:\d+:R>/);
    expect(JSON.stringify(notice.body)).not.toContain('Berakhir');
  });
});

// State a click or a card edit needs lives in the EphemeralState, not in one process: a Discord
// adapter started after another one stopped (a second replica, same shared state) opens the
// typed-name modal of the first one's card and edits that card with the token it left behind. Also:
// a click whose own token is refused still gets its card edited, through the bot token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter, type DiscordAdapter } from '../../../../adapters/discord/index.js';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { EphemeralState } from '../../../../src/core/ephemeral-state.js';
import type {
  ActionEvent,
  Dispatcher,
  Invocation,
  MessageRef,
  Responder,
  TypedDialog,
} from '../../../../src/core/ports.js';
import type { Message } from '../../../../src/render/message.js';
import { startFakeDiscord, type FakeDiscord } from '../../../support/fake-discord.js';
import { waitFor } from '../../../support/wait-for.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';
import { discordView } from '../../../support/discord-view.js';

const USER = { id: '100000000000000009', username: 'dora' };
const NAME = `${'a'.repeat(250)}-🦄`;

const typedCard = (token: string): Message => ({
  title: 'Delete the instance?',
  blocks: [{ type: 'text', text: `Deletes ${NAME}.` }],
  actions: confirmationButtons({
    token,
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    style: 'danger',
    typed: { title: 'Confirm instance delete', label: `Type ${NAME} to confirm`, placeholder: NAME },
    expiresAt: Date.now() + 120_000,
  }),
});

/** The core's answer for a typed card's token: the same texts the card was built with. */
const coreDialog = (token: string): TypedDialog | null =>
  token.startsWith('tok')
    ? {
        confirmLabel: 'Delete',
        cancelLabel: 'Cancel',
        prompt: { title: 'Confirm instance delete', label: `Type ${NAME} to confirm`, placeholder: NAME },
      }
    : null;

function dispatcherOf(
  run: (invocation: Invocation, responder: Responder) => Promise<void>,
  act: (event: ActionEvent, responder: Responder) => Promise<void> = async () => undefined,
): Dispatcher {
  return {
    commands: () => [{ group: '', name: 'status', summary: 'Status', risk: 'read', args: [] }],
    typedDialog: async (token) => coreDialog(token),
    // Like the core: defer (publicly here) before answering.
    dispatch: async (invocation, responder) => {
      await responder.defer?.('channel');
      await run(invocation, responder);
    },
    act,
  };
}

let fake: FakeDiscord;
const started: DiscordAdapter[] = [];

beforeEach(async () => {
  fake = await startFakeDiscord();
});

afterEach(async () => {
  for (const adapter of started.splice(0)) await adapter.stop();
  await fake.close();
});

async function replica(dispatcher: Dispatcher, state: EphemeralState): Promise<DiscordAdapter> {
  const adapter = createDiscordAdapter({
    token: fake.botToken,
    applicationId: fake.world.applicationId,
    apiUrl: fake.apiUrl,
    state,
  });
  started.push(adapter);
  await adapter.start(dispatcher);
  return adapter;
}

describe('Discord adapters sharing one EphemeralState', () => {
  it("opens the typed-name modal of the other replica's card, for a name of 255 characters", async () => {
    const state = createMemoryEphemeralState();
    let refA: MessageRef | undefined;
    const first = await replica(
      dispatcherOf(async (_i, r) => void (refA = await r.reply(typedCard('tokA')))),
      state,
    );
    fake.slash(USER, ['status']);
    const ref = await waitFor(() => refA, 'the card');
    await first.stop();

    const acted: ActionEvent[] = [];
    await replica(
      dispatcherOf(
        async () => undefined,
        async (event) => void acted.push(event),
      ),
      state,
    );
    const click = fake.click(USER, ref.id, 'vps:typed-confirm:tokA');
    const modal = await waitFor(() => click.modal, 'the modal');
    const text = JSON.stringify(modal);
    // The card's own title, from the core's record (this replica never rendered the card); a label that fits; room for the whole name.
    expect(modal).toMatchObject({ title: 'Confirm instance delete', custom_id: 'vps:typed:tokA' });
    const input = (modal['components'] as { components: Record<string, unknown>[] }[])[0]?.components[0];
    expect(input).toMatchObject({ label: 'Type the name shown on the card', max_length: 4000 });
    expect(String(input?.['label']).length).toBeLessThanOrEqual(45);
    expect(input?.['placeholder']).toBeUndefined();
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);

    fake.submitModal(USER, ref.id, 'vps:typed:tokA', { typed: NAME });
    const event = await waitFor(() => acted[0], 'the confirmation');
    expect(event).toMatchObject({ action: 'confirm', token: 'tokA', input: NAME });
  });

  it("edits the other replica's private card with the interaction token it stored", async () => {
    const state = createMemoryEphemeralState();
    let refA: MessageRef | undefined;
    const first = await replica(
      dispatcherOf(
        async (_i, r) =>
          void (refA = await r.reply(
            { blocks: [{ type: 'text', text: 'restoring…' }] },
            { visibility: 'ephemeral' },
          )),
      ),
      state,
    );
    fake.slash(USER, ['status']);
    const ref = await waitFor(() => refA, 'the private card');
    await first.stop();

    let edited = false;
    await replica(
      dispatcherOf(async (_i, r) => {
        await r.update(ref, { title: 'Restored', blocks: [] });
        await r.reply({ blocks: [{ type: 'text', text: 'ok' }] });
        edited = true;
      }),
      state,
    );
    fake.slash(USER, ['status']);
    await waitFor(() => edited, 'the edit');
    expect(discordView(fake.store.messages.get(ref.id)).title).toBe('Restored');
    expect(
      fake.calls.some(
        (c) =>
          c.method === 'PATCH' && c.path.endsWith(`/messages/${ref.id}`) && c.path.includes('/webhooks/'),
      ),
    ).toBe(true);
  });

  it('falls back to the bot token when the click’s own interaction token is refused on the card edit', async () => {
    const state = createMemoryEphemeralState();
    let refA: MessageRef | undefined;
    let done = false;
    await replica(
      dispatcherOf(
        async (_i, r) => void (refA = await r.reply({ title: 'Restore web-1?', blocks: [] })),
        async (_event, r) => {
          fake.expireTokens();
          await r.update(refA!, { title: 'restored', blocks: [] });
          done = true;
        },
      ),
      state,
    );
    fake.slash(USER, ['status']);
    const ref = await waitFor(() => refA, 'the card');
    fake.click(USER, ref.id, 'vps:confirm:tokB');
    await waitFor(() => done, 'the edit');
    expect(discordView(fake.store.messages.get(ref.id)).title).toBe('restored');
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/channels/${fake.world.channelId}/messages/${ref.id}`,
      auth: 'bot',
    });
  });
});

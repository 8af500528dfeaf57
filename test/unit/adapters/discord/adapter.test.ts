// The Discord adapter's transport behaviour against the fake Discord with a scripted core: how it
// acknowledges, where replies and edits go (interaction token first, bot token after expiry),
// files, announcements, crashes, and that tokens never reach the logs.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter, type DiscordAdapter } from '../../../../adapters/discord/index.js';
import type { Dispatcher, Invocation, MessageRef, Responder } from '../../../../src/core/ports.js';
import { createLogger } from '../../../../src/logger.js';
import type { Message, Visibility } from '../../../../src/render/message.js';
import { startFakeDiscord, type FakeDiscord } from '../../../support/fake-discord.js';
import { waitFor } from '../../../support/wait-for.js';
import { discordView } from '../../../support/discord-view.js';

const USER = { id: '100000000000000009', username: 'dora' };
const card: Message = {
  title: 'Stop web-1?',
  tone: 'warning',
  blocks: [{ type: 'text', text: 'It will stop.' }],
};

/** A core stand-in: records invocations and runs whatever the test scripts for dispatch. */
function scriptedDispatcher(
  run: (invocation: Invocation, responder: Responder) => Promise<void>,
  visibility: Visibility = 'channel',
) {
  const seen: { invocation: Invocation; responder: Responder; ref?: MessageRef }[] = [];
  const dispatcher: Dispatcher = {
    commands: () => [{ group: '', name: 'status', summary: 'Status', risk: 'read', args: [] }],
    typedDialog: async () => null,
    async dispatch(invocation, responder) {
      seen.push({ invocation, responder });
      // Like the core: defer with the answer's visibility before answering.
      await responder.defer?.(visibility);
      await run(invocation, responder);
    },
    async act() {},
  };
  return { dispatcher, seen };
}

let fake: FakeDiscord;
let adapter: DiscordAdapter | undefined;
let logLines: string[];

beforeEach(async () => {
  fake = await startFakeDiscord();
  logLines = [];
});

afterEach(async () => {
  await adapter?.stop();
  adapter = undefined;
  await fake.close();
});

async function start(dispatcher: Dispatcher) {
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  adapter = createDiscordAdapter({
    token: fake.botToken,
    applicationId: fake.world.applicationId,
    apiUrl: fake.apiUrl,
    logger: createLogger({ destination, level: 'info' }),
  });
  await adapter.start(dispatcher);
  return adapter;
}

const message = (id: string | undefined) => (id ? fake.store.messages.get(id) : undefined);

describe('Discord adapter transport', () => {
  it('defers privately when the core says the reply is ephemeral, before running anything', async () => {
    const { dispatcher } = scriptedDispatcher(
      async (_i, r) => void (await r.reply(card, { visibility: 'ephemeral' })),
      'ephemeral',
    );
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    await waitFor(() => message(i.originalId)?.edits, 'the edit');
    expect(fake.calls.find((c) => c.path.includes(i.token))?.body).toEqual({ type: 5, data: { flags: 64 } });
    // Private from the deferral on; the V2 flag came with the edit (Ephemeral | IsComponentsV2).
    expect(message(i.originalId)?.flags).toBe(64 | (1 << 15));
  });

  it('dispatches a button that runs a command as that command typed by the clicker, in a reply of its own', async () => {
    const withButton: Message = { ...card, actions: [{ label: 'Show', command: 'instance show abc' }] };
    const { dispatcher, seen } = scriptedDispatcher(async (_i, r) => void (await r.reply(withButton)));
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const posted = await waitFor(
      () => (message(i.originalId)?.edits ? message(i.originalId) : undefined),
      'the card',
    );
    expect(JSON.stringify(posted.components)).toContain('"custom_id":"vps:run:instance show abc"');
    const click = fake.click(USER, posted.id, 'vps:run:instance show abc');
    const run = await waitFor(() => seen[1], 'the dispatched command');
    expect(run.invocation).toMatchObject({
      platform: 'discord',
      actor: { userId: USER.id },
      input: { kind: 'text', text: 'instance show abc' },
    });
    // Deferred as a reply of its own (type 5), not as an update of the card (type 6).
    await waitFor(() => fake.calls.find((c) => c.path.includes(click.token)), 'the deferral');
    expect(fake.calls.find((c) => c.path.includes(click.token))?.body).toMatchObject({ type: 5 });
  });

  it('dispatches a command chosen in a card’s select menu as that command typed by the chooser', async () => {
    const withMenu: Message = {
      ...card,
      actions: [
        { label: 'Show', command: 'instance show abc' },
        { label: 'Metrics', command: 'instance metrics abc', more: true },
        { label: 'Runbook', url: 'https://wiki.example/web', more: true },
      ],
    };
    const { dispatcher, seen } = scriptedDispatcher(async (_i, r) => void (await r.reply(withMenu)));
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const posted = await waitFor(
      () => (message(i.originalId)?.edits ? message(i.originalId) : undefined),
      'the card',
    );
    expect(JSON.stringify(posted.components)).toContain('"custom_id":"vps:menu"');
    const choice = fake.select(USER, posted.id, 'vps:menu', ['instance metrics abc']);
    const run = await waitFor(() => seen[1], 'the dispatched command');
    expect(run.invocation).toMatchObject({
      platform: 'discord',
      actor: { userId: USER.id },
      input: { kind: 'text', text: 'instance metrics abc' },
    });
    // Answered in a reply of its own (type 5), like a command button; the card is left as it was.
    await waitFor(() => fake.calls.find((c) => c.path.includes(choice.token)), 'the deferral');
    expect(fake.calls.find((c) => c.path.includes(choice.token))?.body).toMatchObject({ type: 5 });
  });

  it('edits a card with the bot token once the interaction token has expired', async () => {
    const { dispatcher, seen } = scriptedDispatcher(async (_i, r) => {
      const ref = await r.reply(card);
      seen[0]!.ref = ref;
    });
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const { responder, ref } = await waitFor(() => seen[0]?.ref && seen[0], 'the card');
    fake.expireTokens();
    await responder.update(ref!, { title: 'Expired — nothing was done', blocks: [] });
    const edit = fake.calls.at(-1);
    expect(edit).toMatchObject({
      method: 'PATCH',
      path: `/channels/${fake.world.channelId}/messages/${ref!.id}`,
      auth: 'bot',
      status: 200,
    });
    expect(discordView(message(i.originalId)).title).toBe('Expired — nothing was done');
    expect(message(i.originalId)?.lastEditBy).toBe('bot');
  });

  it('rebuilds a responder for a stored public card that edits it with the bot token, and none for private cards', async () => {
    const { dispatcher, seen } = scriptedDispatcher(async (_i, r) => {
      seen[0]!.ref = await r.reply(card);
    });
    const started = await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const { ref } = await waitFor(() => seen[0]?.ref && seen[0], 'the card');
    const stored = JSON.parse(JSON.stringify(ref)) as MessageRef;
    const responder = started.restore(stored);
    if (!responder) throw new Error('expected a responder for a public card');
    await responder.update(stored, { title: 'web-1 is Stopped', blocks: [] });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/channels/${fake.world.channelId}/messages/${stored.id}`,
      auth: 'bot',
    });
    expect(discordView(message(i.originalId)).title).toBe('web-1 is Stopped');
    expect(started.restore({ ...stored, extra: { ephemeral: '1' } })).toBeNull();
    expect(started.restore({ ...stored, platform: 'slack' })).toBeNull();
  });

  it('announces in the channel with a public follow-up, and with the bot token after expiry', async () => {
    const { dispatcher, seen } = scriptedDispatcher(
      async (_i, r) => void (await r.reply(card, { visibility: 'ephemeral' })),
      'ephemeral',
    );
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const { responder } = await waitFor(() => seen[0], 'the dispatch');
    await waitFor(() => message(i.originalId)?.edits, 'the private reply');
    await responder.announce?.({ blocks: [{ type: 'text', text: 'dora stopped web-1' }] });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', status: 200 });
    expect(fake.calls.at(-1)?.body).not.toHaveProperty('flags', 64);
    fake.expireTokens();
    await responder.announce?.({ blocks: [{ type: 'text', text: 'again' }] });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/channels/${fake.world.channelId}/messages`,
      auth: 'bot',
      status: 200,
    });
  });

  it('uploads chart attachments with the reply and shows them in the embed', async () => {
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const chart: Message = {
      title: 'CPU',
      blocks: [],
      attachments: [{ filename: 'cpu.png', contentType: 'image/png', data: png, alt: 'CPU' }],
    };
    const { dispatcher } = scriptedDispatcher(async (_i, r) => void (await r.reply(chart)));
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const stored = await waitFor(
      () => (message(i.originalId)?.attachments.length ? message(i.originalId) : undefined),
      'the upload',
    );
    const edit = fake.calls.find((c) => c.method === 'PATCH' && c.path.includes(i.token));
    expect(edit?.files).toEqual([
      { name: 'cpu.png', contentType: 'image/png', size: png.length, data: Buffer.from(png) },
    ]);
    expect(discordView(stored).images).toEqual(['attachment://cpu.png']);
  });

  it('answers privately with a short error instead of leaving "thinking…" when the core crashes', async () => {
    const { dispatcher } = scriptedDispatcher(async () => {
      throw new Error('boom');
    });
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    const followUp = await waitFor(
      () =>
        fake.calls.find(
          (c) => c.method === 'POST' && c.path === `/webhooks/${fake.world.applicationId}/${i.token}`,
        ),
      'the error',
    );
    expect(Number((followUp.body as { flags?: number }).flags) & 64).toBe(64);
    expect(discordView(followUp.body as never).title).toBe('Something went wrong');
    expect(message(i.originalId)?.deleted).toBe(true);
  });

  it('never writes interaction tokens to the log when Discord rejects an edit', async () => {
    fake.failNext({
      method: 'PATCH',
      path: /@original$/,
      status: 400,
      body: { message: 'Invalid Form Body', code: 50035 },
    });
    const { dispatcher } = scriptedDispatcher(async (_i, r) => void (await r.reply(card)));
    await start(dispatcher);
    const i = fake.slash(USER, ['status']);
    await waitFor(() => logLines.some((l) => l.includes('50035')), 'the logged failure');
    expect(logLines.join('\n')).not.toContain(i.token);
    expect(logLines.join('\n')).not.toContain(fake.botToken);
  });

  it('refuses to start with a clear error when Discord rejects the bot token', async () => {
    adapter = createDiscordAdapter({
      token: 'wrong-token',
      applicationId: fake.world.applicationId,
      apiUrl: fake.apiUrl,
    });
    const { dispatcher } = scriptedDispatcher(async () => {});
    await expect(adapter.start(dispatcher)).rejects.toThrow(/Discord login failed/);
    adapter = undefined;
  });
});

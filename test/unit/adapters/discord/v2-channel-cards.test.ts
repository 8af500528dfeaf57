// The watch's cards in channels as Components V2 (issue 42), through the adapter's ChannelPoster
// against the fake Discord: an alert card posted as a V2 container (accent by tone, its buttons and
// menu), its chart replied under it as a media gallery of the uploaded file, the card edited to its
// recovery still as V2, and an alert card posted before V2 (embeds) edited as embeds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordAdapter, type DiscordAdapter } from '../../../../adapters/discord/index.js';
import { TONE_COLOURS } from '../../../../adapters/discord/render-embed.js';
import type { Dispatcher, MessageRef } from '../../../../src/core/ports.js';
import { createLogger } from '../../../../src/logger.js';
import type { Message } from '../../../../src/render/message.js';
import { discordView } from '../../../support/discord-view.js';
import { startFakeDiscord, type FakeDiscord } from '../../../support/fake-discord.js';

const CHANNEL = '900000000000000003';
// Shaped like the watch's alert card and its resolved form (src/watch/cards/alert-card.ts).
const alertCard: Message = {
  title: 'web-1: needs attention',
  tone: 'danger',
  blocks: [
    { type: 'text', text: 'Status Error since 11:59 UTC.' },
    { type: 'context', text: 'uuid 7995e990-c3bf-4e27-8ce2-89fd5783f9ea' },
  ],
  actions: [
    { label: 'Acknowledge', command: 'alert ack w1 status', style: 'primary' },
    { label: 'Show', command: 'instance show web-1' },
    { label: 'Restart', command: 'instance restart web-1', style: 'danger' },
    { label: 'Metrics', command: 'instance metrics web-1', more: true },
    { label: 'Runbook', url: 'https://wiki.example/web', more: true },
  ],
};
const resolvedCard: Message = {
  title: 'web-1 recovered',
  tone: 'success',
  blocks: [{ type: 'text', text: 'Status Error recovered after 1 min.' }],
};
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
const chart: Message = {
  title: 'web-1 CPU, last hour',
  blocks: [],
  attachments: [{ filename: 'web-1-cpu.png', contentType: 'image/png', data: PNG, alt: 'CPU of web-1' }],
};
const V2 = 1 << 15;

let fake: FakeDiscord;
let adapter: DiscordAdapter;

beforeEach(async () => {
  fake = await startFakeDiscord();
  const idle: Dispatcher = {
    commands: () => [],
    typedDialog: async () => null,
    async dispatch() {},
    async act() {},
  };
  adapter = createDiscordAdapter({
    token: fake.botToken,
    applicationId: fake.world.applicationId,
    apiUrl: fake.apiUrl,
    logger: createLogger({ level: 'silent' }),
  });
  await adapter.start(idle);
});

afterEach(async () => {
  await adapter.stop();
  await fake.close();
});

const stored = (ref: MessageRef) => fake.store.messages.get(ref.id);

describe('the watch’s Discord cards as Components V2', () => {
  it('posts an alert card as V2, its chart as a media gallery, and edits it to its recovery as V2', async () => {
    const ref = await adapter.post(CHANNEL, alertCard);
    expect(ref.extra).toEqual({ ephemeral: '0', v2: '1' });
    const card = discordView(stored(ref));
    expect(card).toMatchObject({ v2: true, title: 'web-1: needs attention', colour: TONE_COLOURS.danger });
    expect(card.customIds).toContain('vps:menu');
    expect(card.customIds.filter((id) => id.startsWith('vps:run:'))).toHaveLength(3);

    const chartRef = await adapter.reply!(ref, chart);
    const post = fake.calls.find((c) => c.method === 'POST' && c.files.length > 0);
    expect(post?.files.map((f) => f.name)).toEqual(['web-1-cpu.png']);
    expect(post?.body).toMatchObject({ message_reference: { message_id: ref.id } });
    expect(discordView(stored(chartRef))).toMatchObject({ v2: true, images: ['attachment://web-1-cpu.png'] });
    expect(stored(chartRef)?.attachments.map((a) => a.filename)).toEqual(['web-1-cpu.png']);

    await adapter.update(ref, resolvedCard);
    const edit = fake.calls.filter((c) => c.method === 'PATCH').at(-1);
    expect(edit?.status).toBe(200);
    expect(Number((edit?.body as { flags?: number }).flags) & V2).toBe(V2);
    expect(discordView(stored(ref))).toMatchObject({ v2: true, colour: TONE_COLOURS.success });
    expect(discordView(stored(ref)).text).toMatch(/recovered/);
  });

  it('edits an alert card posted as embeds before V2 as embeds, never adding the flag', async () => {
    const older = fake.store.apply(
      fake.store.create(CHANNEL),
      { embeds: [{ title: 'web-1: needs attention' }] },
      [],
      'bot',
    );
    const ref: MessageRef = {
      platform: 'discord',
      channelId: older.channelId,
      id: older.id,
      extra: { ephemeral: '0' },
    };
    await adapter.update(ref, resolvedCard);
    const edit = fake.calls.find((c) => c.method === 'PATCH');
    expect(edit?.status).toBe(200);
    expect(edit?.body).not.toHaveProperty('flags');
    expect(discordView(older)).toMatchObject({ v2: false, colour: TONE_COLOURS.success });
    expect(discordView(older).text).toMatch(/recovered/);
  });
});

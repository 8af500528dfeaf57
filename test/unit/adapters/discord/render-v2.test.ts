// Discord's Components V2 card (issue 42): a container coloured by tone, text displays, the first
// button on a section, the chart as a media gallery item, the flag and never content or embeds;
// within 40 components, 10 parts per container and 4,000 characters measured on the payload, and null — the embeds stay —
// where V2 cannot carry the message (too long, a ping to deliver, a plain notice).
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../../adapters/discord/render.js';
import { measureV2, renderCardV2, V2_LIMITS } from '../../../../adapters/discord/render-v2.js';
import { checkDiscordMessage } from '../../../support/discord-conformance.js';
import type { Message } from '../../../../src/render/message.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const card: Message = {
  title: 'web-1',
  tone: 'danger',
  blocks: [
    { type: 'fields', fields: [{ label: 'CPU', value: '97 %' }] },
    { type: 'context', text: 'uuid 7995e990' },
  ],
  actions: [
    { label: 'Acknowledge', command: 'alert ack w1 cpu', style: 'primary' },
    { label: 'Snooze 1 h', command: 'alert snooze w1 cpu' },
  ],
  attachments: [{ filename: 'cpu.png', contentType: 'image/png', data: PNG, alt: 'CPU, last hour' }],
};

describe('Components V2 card', () => {
  it('lays a card out in one container: tone colour, text, a section with a button, the chart, the flag', () => {
    const payload = renderCardV2(card);
    expect(payload?.flags).toBe(1 << 15);
    expect(payload).not.toHaveProperty('content');
    expect(payload).not.toHaveProperty('embeds');
    const [container] = payload?.components ?? [];
    expect(container).toMatchObject({ type: 17, accent_color: 0xed4245 });
    const parts = (container as { components: { type: number }[] }).components;
    expect(parts.map((p) => p.type)).toEqual([9, 12, 1]);
    expect(parts[0]).toMatchObject({
      components: [{ type: 10, content: expect.stringContaining('### web-1') }],
      accessory: { type: 2, label: 'Acknowledge', custom_id: 'vps:run:alert ack w1 cpu' },
    });
    expect(parts[1]).toMatchObject({ items: [{ media: { url: 'attachment://cpu.png' } }] });
    expect(payload?.files.map((f) => f.name)).toEqual(['cpu.png']);
    expect(checkDiscordMessage({ ...payload, allowed_mentions: { parse: [] } })).toEqual([]);
  });

  it('colours the container by tone', () => {
    const colour = (tone: Message['tone']) =>
      (renderCardV2({ ...card, tone })?.components[0] as { accent_color?: number }).accent_color;
    expect(colour('success')).toBe(0x57f287);
    expect(colour('warning')).toBe(0xfee75c);
  });

  it('keeps the embeds when the text would pass 4,000 characters', () => {
    const long: Message = { title: 'audit', blocks: [{ type: 'code', text: 'x'.repeat(4_100) }] };
    expect(renderCardV2(long)).toBeNull();
    expect(renderMessage(long).embeds).toHaveLength(1);
  });

  it('keeps the embeds past a container’s 10 parts, for a ping to deliver, or a one-line notice', () => {
    const many: Message = {
      title: 'many',
      blocks: Array.from({ length: 9 }, () => ({ type: 'divider' }) as const),
      actions: Array.from({ length: 25 }, (_, i) => ({ label: `b${i}`, command: `x ${i}`, more: true })),
    };
    const pinged: Message = {
      title: 'reminder',
      blocks: [
        {
          type: 'context',
          text: '@ops',
          parts: [{ type: 'team', platform: 'discord', id: '300000000000000001', displayName: 'ops' }],
        },
      ],
    };
    const notice: Message = { blocks: [{ type: 'context', text: '@oscar stopped web-1' }] };
    for (const message of [many, pinged, notice]) expect(renderCardV2(message)).toBeNull();
  });

  it('counts nested components and text the way Discord does', () => {
    const payload = renderCardV2(card);
    const size = measureV2(payload?.components ?? []);
    // container, section, its text, its button, gallery, row, one button
    expect(size.components).toBe(7);
    expect(size.components).toBeLessThanOrEqual(V2_LIMITS.components);
    expect(size.text).toBeGreaterThan(0);
  });
});

// The Discord conformance checker on Components V2 (issue 42): it flags what Discord refuses — the
// flag on a deferred reply, content or embeds beside the flag, V2 components without it, over 40
// components, over 4,000 characters of text, an empty or crowded container, a media item naming no
// file of the message — and passes a card
// within every limit.
import { describe, expect, it } from 'vitest';
import { checkDiscordCall } from '../../support/discord-conformance.js';

const V2 = 1 << 15;
const text = (content: string) => ({ type: 10, content });
const container = (components: unknown[]) => ({ type: 17, accent_color: 0x57f287, components });
const edit = (body: Record<string, unknown>) =>
  checkDiscordCall('PATCH', '/webhooks/1/tok/messages/@original', {
    allowed_mentions: { parse: [] },
    ...body,
  }).join('\n');

describe('Discord conformance checker: Components V2', () => {
  it('passes a V2 card within every limit', () => {
    const card = container([
      text('### web-1'),
      {
        type: 9,
        components: [text('**Status**: Running')],
        accessory: { type: 2, style: 2, label: 'Metrics', custom_id: 'vps:run:instance metrics web-1' },
      },
      { type: 12, items: [{ media: { url: 'attachment://cpu.png' } }] },
    ]);
    expect(edit({ flags: V2, components: [card], attachments: [{ id: 0, filename: 'cpu.png' }] })).toBe('');
  });

  it.each([
    [
      'content beside the flag',
      { flags: V2, content: 'hi', components: [container([text('a')])] },
      /content sent with IS_COMPONENTS_V2/,
    ],
    [
      'embeds beside the flag',
      { flags: V2, embeds: [{ title: 'x' }], components: [container([text('a')])] },
      /embeds sent with IS_COMPONENTS_V2/,
    ],
    [
      'V2 components without the flag',
      { components: [container([text('a')])] },
      /without the IS_COMPONENTS_V2 flag/,
    ],
    [
      'over 40 components',
      {
        flags: V2,
        components: Array.from({ length: 5 }, () => container(Array.from({ length: 8 }, () => text('a')))),
      },
      /45 components \(max 40/,
    ],
    [
      'over 4,000 characters of text',
      { flags: V2, components: [container([text('x'.repeat(2500)), text('y'.repeat(1600))])] },
      /4100 characters \(max 4000\)/,
    ],
    [
      'a container of 11 children',
      { flags: V2, components: [container(Array.from({ length: 11 }, () => text('a')))] },
      /holds 11 components \(1 to 10\)/,
    ],
    ['an empty container', { flags: V2, components: [container([])] }, /holds 0 components/],
    [
      'a media item naming no file of the message',
      {
        flags: V2,
        components: [container([{ type: 12, items: [{ media: { url: 'attachment://cpu.png' } }] }])],
        attachments: [{ id: 0, filename: 'mem.png' }],
      },
      /attachment:\/\/cpu\.png names no attachment/,
    ],
  ])('flags %s', (_what, body, expected) => {
    expect(edit(body)).toMatch(expected);
  });

  it('flags IS_COMPONENTS_V2 on a deferred reply, and passes a plain private deferral', () => {
    const defer = (flags: number) =>
      checkDiscordCall('POST', '/interactions/1/tok/callback', { type: 5, data: { flags } }).join('\n');
    expect(defer(64 | V2)).toMatch(/deferred reply/);
    expect(defer(64)).toBe('');
  });

  it('flags V2 text sent without allowed_mentions parse []', () => {
    const body = { flags: V2, components: [container([text('<@1> hi')])] };
    expect(checkDiscordCall('POST', '/channels/1/messages', body).join('\n')).toMatch(/allowed_mentions/);
  });
});
